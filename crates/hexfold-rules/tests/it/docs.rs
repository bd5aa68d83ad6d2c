//! Keeps the rule documents in `docs/rules/` honest: every test they cite exists, every data case and every
//! violation carries a rule ID they define, and every violation is listed beside the rule it names.
//!
//! The documents are read as plain text and the rules table parsed by hand: the lines after the `| ID |` header
//! are the rows, each starting `| <PREFIX>-`; cells are split on `|`, and a cell lists items separated by `<br>`.
//! An ID cell `CK-TURN-01..03` or `CK-HAND-01/02` stands for each ID it spans. A Tests item is one of:
//! - `` `file`: case name ``: the data case with exactly that name in `tests/data/<game>/<file>.json`;
//! - `"case name"` (anywhere in the item): a data case with exactly that name in some file of the game's data;
//! - a backticked snake-case path (`hex::rules::tests::a_ring_of_six_counts_six`, a scenario's name): a test
//!   function (`#[test]` or `#[tokio::test]`) named by its last segment, in the rules crate or the server crate, in
//!   a file its modules fit;
//! - a backticked `path.rs` or `path.rs::name`: that file (of the rules crate, else the server crate) and, if named,
//!   a test function in it;
//! - a backticked CamelCase name (an event, a violation): a word of the game's source;
//! - anything else outside backticks and quotes is prose (`props`, "scen", a comment) and is not checked.
//!
//! A backticked item that fits none of these forms is reported, so a truncated or reworded citation cannot slip by.
//! A Violations item is a variant whose `rule_id()` is the row's, or `Name (ID)`: a variant this rule also refuses
//! with, whose `rule_id()` is the other rule's `ID`.

use hexfold_rules::{Game, RuleViolation};
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// One game's rules document and where its code and data live, all named by the game's `Game::NAME`.
struct Doc {
    /// File name under `docs/rules/`: `<game>.md`.
    file: String,
    /// Every rule ID starts with this and a dash: the first rule's (`BASE` of `BASE-TURN-01`).
    prefix: String,
    /// Folder under `tests/data/`: `<game>`.
    data_dir: &'static str,
    /// Folder under the crate's `src/` holding the game's code: `<game>`.
    src_dir: &'static str,
    /// The name of every violation of the game, from its table.
    violations: fn() -> Vec<&'static str>,
    /// The rule ID of a violation named as serialized, or `None` if no such violation exists.
    rule_id_of: fn(&str) -> Option<&'static str>,
}

impl Doc {
    fn of<G: Game>() -> Doc
    where
        G::Violation: DeserializeOwned,
    {
        let file = format!("{}.md", G::NAME);
        let text = read(&repo_dir().join("docs/rules").join(&file));
        let prefix = text
            .lines()
            .skip_while(|l| !l.starts_with("| ID |"))
            .nth(2)
            .and_then(|row| row.strip_prefix("| ")?.split('-').next())
            .unwrap_or_else(|| panic!("{file}: no rules row after a `| ID |` header"))
            .to_string();
        Doc {
            file,
            prefix,
            data_dir: G::NAME,
            src_dir: G::NAME,
            violations: names::<G::Violation>,
            rule_id_of: rule_id_of::<G::Violation>,
        }
    }
}

/// Every game's document, from the rules crate's list of games.
fn docs() -> Vec<Doc> {
    macro_rules! docs {
        ($($module:ident: $game:ty),+ $(,)?) => {
            vec![$(Doc::of::<$game>()),+]
        };
    }
    hexfold_rules::for_each_game!(docs)
}

fn names<V: RuleViolation>() -> Vec<&'static str> {
    V::all().iter().map(RuleViolation::name).collect()
}

fn rule_id_of<V: RuleViolation + DeserializeOwned>(name: &str) -> Option<&'static str> {
    serde_json::from_value::<V>(Value::String(name.to_string()))
        .ok()
        .map(|v| v.rule_id())
}

/// The rules crate's root.
fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The repository's root: the server crate, and `docs/`.
fn repo_dir() -> PathBuf {
    crate_dir().join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("reading {}: {e}", path.display()))
}

/// One row of a rules table.
struct Row {
    /// The ID cell as written (`CK-TURN-01..03`).
    id: String,
    /// The IDs the cell stands for (`CK-TURN-01`, `CK-TURN-02`, `CK-TURN-03`).
    ids: Vec<String>,
    violations: String,
    tests: String,
    line: usize,
}

/// Parses the rules table of a document; panics on a row that does not fit the header.
fn rows(doc: &Doc) -> Vec<Row> {
    let path = repo_dir().join("docs/rules").join(&doc.file);
    let text = read(&path);
    let cells = |line: &str| -> Vec<String> {
        let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
        inner.split('|').map(|c| c.trim().to_string()).collect()
    };
    let lines: Vec<&str> = text.lines().collect();
    let header_at = lines
        .iter()
        .position(|l| l.starts_with("| ID |"))
        .unwrap_or_else(|| panic!("{}: no table header starting `| ID |`", doc.file));
    let header = cells(lines[header_at]);
    let column = |name: &str| {
        header
            .iter()
            .position(|c| c == name)
            .unwrap_or_else(|| panic!("{}: no {name} column", doc.file))
    };
    let (violations_at, tests_at) = (column("Violations"), column("Tests"));
    let row_start = format!("| {}-", doc.prefix);
    let mut rows = Vec::new();
    // The table runs from the line after the `|---|` separator to the first line not starting with `|`; every line
    // of it is a rule, so a row with a mistyped ID is reported rather than skipped.
    for (n, line) in lines.iter().enumerate().skip(header_at + 2) {
        if !line.starts_with('|') {
            break;
        }
        assert!(
            line.starts_with(&row_start),
            "{}:{}: a rules row that does not start with `{row_start}`",
            doc.file,
            n + 1
        );
        let row = cells(line);
        assert_eq!(
            row.len(),
            header.len(),
            "{}:{}: {} cells where the header has {}",
            doc.file,
            n + 1,
            row.len(),
            header.len()
        );
        rows.push(Row {
            ids: expand_id(&row[0]),
            id: row[0].clone(),
            violations: row[violations_at].clone(),
            tests: row[tests_at].clone(),
            line: n + 1,
        });
    }
    assert!(!rows.is_empty(), "{}: no rule rows", doc.file);
    rows
}

/// `CK-TURN-01..03` stands for three IDs, `CK-HAND-01/02` for two; any other cell for itself.
fn expand_id(cell: &str) -> Vec<String> {
    let Some((stem, numbers)) = cell.rsplit_once('-') else {
        return vec![cell.to_string()];
    };
    if let Some((first, last)) = numbers.split_once("..") {
        return match (first.parse::<u32>(), last.parse::<u32>()) {
            (Ok(first), Ok(last)) if first < last => {
                (first..=last).map(|n| format!("{stem}-{n:02}")).collect()
            }
            _ => vec![cell.to_string()],
        };
    }
    numbers.split('/').map(|n| format!("{stem}-{n}")).collect()
}

/// Every data case of a game: file stem -> (case name -> its "rule" field).
fn data_cases(doc: &Doc) -> BTreeMap<String, BTreeMap<String, Option<String>>> {
    let mut files = BTreeMap::new();
    for path in crate::check::case_files(doc.data_dir) {
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let cases: Vec<Value> = serde_json::from_str(&read(&path))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut names = BTreeMap::new();
        for case in cases {
            let name = case["name"].as_str().unwrap_or("").to_string();
            names.insert(name, case["rule"].as_str().map(str::to_string));
        }
        files.insert(stem, names);
    }
    files
}

/// Every `.rs` file under `dir`, recursively.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The names following `fn ` in a source text.
fn fn_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut rest = text;
    while let Some(at) = rest.find("fn ") {
        let before_ok = at == 0 || !is_ident_char(rest.as_bytes()[at - 1] as char);
        let after = &rest[at + 3..];
        if before_ok {
            let name: String = after.chars().take_while(|c| is_ident_char(*c)).collect();
            if !name.is_empty() {
                names.insert(name);
            }
        }
        rest = after;
    }
    names
}

/// The names of the test functions in a source text: each `fn` whose attributes (the lines right above it, comments
/// between them allowed) include `#[test]` or `#[tokio::test…]`. `proptest!` blocks need `#[test]` too.
fn test_fn_names(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut is_test = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with("#[test]") || line.starts_with("#[tokio::test") {
            is_test = true;
        } else if line.starts_with("#[") || line.starts_with("//") {
            // Another attribute or a comment between the test attribute and its function.
        } else {
            if is_test {
                names.extend(fn_names(line));
            }
            is_test = false;
        }
    }
    names
}

fn is_ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Every function name in the rules crate's and the server crate's sources and tests, with the files defining it.
fn all_fn_names() -> BTreeMap<String, Vec<PathBuf>> {
    let mut files = Vec::new();
    for dir in [
        crate_dir().join("src"),
        crate_dir().join("tests"),
        repo_dir().join("src"),
        repo_dir().join("tests"),
    ] {
        rust_files(&dir, &mut files);
    }
    let mut names: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for file in files {
        for name in fn_names(&read(&file)) {
            names.entry(name).or_default().push(file.clone());
        }
    }
    names
}

/// Whether `file` can hold the function at `path` (`hex::rules::tests::f`): every module of the path names a
/// folder or the file itself, or is declared in it (`mod tests`). Crate names and `tests` are taken as given.
fn path_fits(path: &str, file: &Path) -> bool {
    let text = read(file);
    let components: Vec<String> = file
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let mut modules: Vec<&str> = path.split("::").collect();
    modules.pop();
    modules.iter().all(|m| {
        *m == "tests"
            || *m == "crate"
            || *m == "hexfold_rules"
            || *m == "hexfold"
            || components.iter().any(|c| c == m)
            || text.contains(&format!("mod {m} "))
            || text.contains(&format!("mod {m}{{"))
    })
}

/// The text between each pair of `delimiter`s in `s`.
fn delimited(s: &str, delimiter: char) -> Vec<&str> {
    s.split(delimiter).skip(1).step_by(2).collect()
}

fn is_snake_path(s: &str) -> bool {
    !s.is_empty()
        && s.split("::").all(|seg| {
            seg.chars()
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() || c == '_')
                && seg
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        })
}

fn is_camel_word(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_uppercase()) && s.chars().all(is_ident_char)
}

/// A data citation `` `file`: case name ``: the file stem and the case name.
fn file_case(item: &str) -> Option<(&str, &str)> {
    let rest = item.strip_prefix('`')?;
    let (file, name) = rest.split_once("`: ")?;
    (is_snake_path(file) && !file.contains("::")).then_some((file, name.trim()))
}

/// Panics listing every problem found, or returns if there is none.
fn report(what: &str, problems: Vec<String>) {
    if problems.is_empty() {
        return;
    }
    let mut msg = format!("{} {what}:\n", problems.len());
    for p in problems {
        let _ = writeln!(msg, "  {p}");
    }
    panic!("{msg}");
}

#[test]
fn rule_ids_are_unique_and_every_rule_cites_tests() {
    let mut problems = Vec::new();
    for doc in &docs() {
        let mut seen = BTreeMap::new();
        for row in rows(doc) {
            for id in &row.ids {
                let well_formed = id
                    .strip_prefix(doc.prefix.as_str())
                    .and_then(|r| r.strip_prefix('-'))
                    .and_then(|r| r.rsplit_once('-'))
                    .is_some_and(|(area, n)| {
                        !area.is_empty()
                            && area.chars().all(|c| c.is_ascii_uppercase())
                            && n.len() == 2
                            && n.chars().all(|c| c.is_ascii_digit())
                    });
                if !well_formed {
                    problems.push(format!(
                        "{}:{}: malformed rule ID {id} (from {})",
                        doc.file, row.line, row.id
                    ));
                }
                if let Some(first) = seen.insert(id.clone(), row.line) {
                    problems.push(format!(
                        "{}:{}: rule ID {id} already defined on line {first}",
                        doc.file, row.line
                    ));
                }
            }
            if row.tests.is_empty() || row.tests == "-" {
                problems.push(format!(
                    "{}:{}: {} cites no test",
                    doc.file, row.line, row.id
                ));
            }
        }
    }
    report("problems with rule IDs or empty Tests cells", problems);
}

#[test]
fn cited_data_cases_exist() {
    let mut problems = Vec::new();
    for doc in &docs() {
        let cases = data_cases(doc);
        for row in rows(doc) {
            for item in row.tests.split("<br>").map(str::trim) {
                if let Some((file, name)) = file_case(item) {
                    match cases.get(file) {
                        None => problems.push(format!(
                            "{}:{} ({}): no data file tests/data/{}/{file}.json",
                            doc.file, row.line, row.id, doc.data_dir
                        )),
                        Some(names) if !names.contains_key(name) => problems.push(format!(
                            "{}:{} ({}): no case {name:?} in tests/data/{}/{file}.json",
                            doc.file, row.line, row.id, doc.data_dir
                        )),
                        Some(_) => {}
                    }
                    continue;
                }
                for name in delimited(item, '"') {
                    if !cases.values().any(|names| names.contains_key(name)) {
                        problems.push(format!(
                            "{}:{} ({}): no case {name:?} in tests/data/{}/",
                            doc.file, row.line, row.id, doc.data_dir
                        ));
                    }
                }
            }
        }
    }
    report("cited data cases missing", problems);
}

#[test]
fn cited_rust_tests_exist() {
    let fns = all_fn_names();
    let mut problems = Vec::new();
    for doc in &docs() {
        let mut src_files = Vec::new();
        rust_files(&crate_dir().join("src").join(doc.src_dir), &mut src_files);
        let source: String = src_files.iter().map(|f| read(f)).collect();
        let path = repo_dir().join("docs/rules").join(&doc.file);
        let text = read(&path);
        // Citations in the Tests cells, and `file.rs::name` citations anywhere (the header names the props tests).
        let mut cited: Vec<(usize, String)> = Vec::new();
        for row in rows(doc) {
            for item in row.tests.split("<br>").map(str::trim) {
                let rest = match file_case(item) {
                    // The case name is checked by `cited_data_cases_exist`; only what precedes it is a citation.
                    Some(_) => continue,
                    None => item,
                };
                // Quoted case names may hold backticks of their own; they are data, not code.
                let unquoted: String = rest.split('"').step_by(2).collect();
                for token in delimited(&unquoted, '`') {
                    cited.push((row.line, token.to_string()));
                }
            }
        }
        for (n, line) in text.lines().enumerate() {
            if line.starts_with(&format!("| {}-", doc.prefix)) {
                continue;
            }
            for token in delimited(line, '`') {
                if token.contains('/') && token.contains(".rs::") {
                    cited.push((n + 1, token.to_string()));
                }
            }
        }
        for (line, token) in cited {
            let at = format!("{}:{line}", doc.file);
            // A file is cited by its path from a crate's root (`tests/it/catan.rs`), so it holds a slash.
            let file_form = token.split_once(".rs").filter(|(file, rest)| {
                file.contains('/') && (rest.is_empty() || rest.starts_with("::"))
            });
            if let Some((file, name)) = file_form {
                let name = name.strip_prefix("::");
                let file = format!("{file}.rs");
                let found = [crate_dir().join(&file), repo_dir().join(&file)]
                    .into_iter()
                    .find(|p| p.is_file());
                match (found, name) {
                    (None, _) => problems.push(format!("{at}: no file {file}")),
                    (Some(p), Some(name)) if !fn_names(&read(&p)).contains(name) => {
                        problems.push(format!("{at}: no fn {name} in {file}"));
                    }
                    (Some(p), Some(name)) if !test_fn_names(&read(&p)).contains(name) => {
                        problems.push(format!("{at}: fn {name} in {file} is not a test"));
                    }
                    _ => {}
                }
            } else if is_snake_path(&token) {
                let name = token.rsplit("::").next().unwrap();
                match fns.get(name) {
                    None => problems.push(format!("{at}: no fn {name} (cited as `{token}`)")),
                    Some(files) => {
                        let fitting: Vec<_> =
                            files.iter().filter(|f| path_fits(&token, f)).collect();
                        if fitting.is_empty() {
                            problems.push(format!(
                                "{at}: fn {name} is not at `{token}` (defined in {files:?})"
                            ));
                        } else if !fitting
                            .iter()
                            .any(|f| test_fn_names(&read(f)).contains(name))
                        {
                            problems.push(format!("{at}: fn {name} (`{token}`) is not a test"));
                        }
                    }
                }
            } else if is_camel_word(&token) {
                if !source.contains(&token) {
                    problems.push(format!("{at}: {token} is not in src/{}", doc.src_dir));
                }
            } else {
                problems.push(format!("{at}: unrecognised citation `{token}`"));
            }
        }
    }
    report("cited tests missing or unrecognised", problems);
}

#[test]
fn every_data_case_names_a_documented_rule() {
    let mut problems = Vec::new();
    for doc in &docs() {
        let ids: BTreeSet<String> = rows(doc).into_iter().flat_map(|r| r.ids).collect();
        for (file, cases) in data_cases(doc) {
            for (name, rule) in cases {
                match rule {
                    Some(rule) if ids.contains(&rule) => {}
                    Some(rule) => problems.push(format!(
                        "tests/data/{}/{file}.json: case {name:?} names {rule}, not in {}",
                        doc.data_dir, doc.file
                    )),
                    None => problems.push(format!(
                        "tests/data/{}/{file}.json: case {name:?} names no rule",
                        doc.data_dir
                    )),
                }
            }
        }
    }
    report("data cases without a documented rule", problems);
}

#[test]
fn every_violation_is_listed_beside_its_rule_id() {
    let mut problems = Vec::new();
    for doc in &docs() {
        let rows = rows(doc);
        let variants = (doc.violations)();
        assert!(!variants.is_empty(), "{}: no violations read", doc.file);
        // Each variant of the enum appears in the Violations cell of the row holding its rule ID.
        for variant in &variants {
            let Some(id) = (doc.rule_id_of)(variant) else {
                problems.push(format!("{}: {variant} does not deserialize", doc.file));
                continue;
            };
            match rows.iter().find(|r| r.ids.iter().any(|i| i == id)) {
                None => problems.push(format!(
                    "{}: {variant} has rule ID {id}, which is not in the table",
                    doc.file
                )),
                Some(row) if !row.violations.split(", ").any(|v| v.trim() == *variant) => {
                    problems.push(format!(
                        "{}:{}: {variant} has rule ID {id} but is not in that row's Violations",
                        doc.file, row.line
                    ));
                }
                Some(_) => {}
            }
        }
        // Each name in a Violations cell is a variant whose rule ID is that row's; `Name (ID)` is a violation this
        // rule also refuses with, carrying another rule's ID, which must be the one written.
        for row in &rows {
            if row.violations == "-" {
                continue;
            }
            for entry in row.violations.split(", ").map(str::trim) {
                let (name, written) = match entry.strip_suffix(')').and_then(|e| e.split_once(" ("))
                {
                    Some((name, id)) => (name, Some(id)),
                    None => (entry, None),
                };
                let at = format!("{}:{} ({})", doc.file, row.line, row.id);
                match ((doc.rule_id_of)(name), written) {
                    (None, _) => problems.push(format!("{at}: {name} is not a violation")),
                    (Some(id), None) if !row.ids.iter().any(|i| i == id) => problems.push(format!(
                        "{at}: {name} has rule ID {id}; list it as `{name} ({id})` or under {id}"
                    )),
                    (Some(id), Some(written)) if id != written => {
                        problems.push(format!("{at}: {entry}, but {name} has rule ID {id}"));
                    }
                    _ => {}
                }
            }
        }
    }
    report("violations out of step with the tables", problems);
}

#[test]
fn every_rule_id_in_the_code_is_documented() {
    let mut problems = Vec::new();
    for doc in &docs() {
        let ids: BTreeSet<String> = rows(doc).into_iter().flat_map(|r| r.ids).collect();
        let mut files = Vec::new();
        rust_files(&crate_dir().join("src"), &mut files);
        let mut literals = 0;
        for file in files {
            let text = read(&file);
            let quote = format!("\"{}-", doc.prefix);
            for (at, _) in text.match_indices(&quote) {
                let rest = &text[at + 1..];
                let id = &rest[..rest.find('"').unwrap_or(rest.len())];
                literals += 1;
                if !ids.contains(id) {
                    problems.push(format!(
                        "{}: \"{id}\" is not a rule ID of {}",
                        file.strip_prefix(crate_dir()).unwrap_or(&file).display(),
                        doc.file
                    ));
                }
            }
        }
        assert!(literals > 0, "no {} rule ID literal in src", doc.prefix);
    }
    report("rule IDs in the code missing from the docs", problems);
}
