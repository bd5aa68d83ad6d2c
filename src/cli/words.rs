//! The API's words, read from the options of the compiled-in descriptors (`proto/hexfold/v1/words/words.proto` says
//! what each option means and writes down the template language): events as sentences, commands in the `submit`
//! grammar both ways, the grammar's listing, enum values and counts as words. Nothing here names a game: a game's
//! words are data in its proto file, which the web app reads from the same descriptors, so the terminal and the
//! page say the same thing.

use crate::proto::v1::{self as pb, FILE_DESCRIPTOR_SET};
use anyhow::{anyhow, bail, Context as _};
use prost_reflect::{
    DescriptorPool, DynamicMessage, EnumDescriptor, ExtensionDescriptor, FieldDescriptor, Kind,
    MessageDescriptor, OneofDescriptor, ReflectMessage as _, Value,
};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::OnceLock;

/// The descriptors and every option of `words.proto` set in them, read once.
pub struct Words {
    pool: DescriptorPool,
    /// Message options, by the message's full name.
    sentence: HashMap<String, Template>,
    verb: HashMap<String, Vec<String>>,
    help: HashMap<String, String>,
    counts: HashMap<String, String>,
    word: HashMap<String, Template>,
    /// Field options, by the field's full name.
    arg: HashMap<String, String>,
    keyword: HashMap<String, String>,
    with_count: HashMap<String, bool>,
    item_aliases: HashMap<String, Vec<String>>,
    /// Enum value options, by the enum's full name and the value's number.
    phrase: HashMap<(String, i32), String>,
    aliases: HashMap<(String, i32), Vec<String>>,
}

/// The words of this build's API, read at first use. The descriptors are compiled in, so a failure here is a
/// build's mistake, which `tests::every_message_has_its_words` catches first.
pub fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| Words::read().unwrap_or_else(|e| panic!("the API's words: {e:#}")))
}

fn string_option(options: &DynamicMessage, ext: &ExtensionDescriptor) -> Option<String> {
    options
        .has_extension(ext)
        .then(|| options.get_extension(ext).as_str().map(str::to_string))
        .flatten()
}

fn list(text: &str) -> Vec<String> {
    text.split('|').map(|w| w.trim().to_string()).collect()
}

impl Words {
    fn read() -> anyhow::Result<Words> {
        let pool = DescriptorPool::decode(FILE_DESCRIPTOR_SET)?;
        let ext = |name: &str| {
            pool.get_extension_by_name(&format!("hexfold.v1.words.{name}"))
                .with_context(|| format!("no option hexfold.v1.words.{name} in the descriptors"))
        };
        let (sentence, verb, help, counts, word) = (
            ext("sentence")?,
            ext("verb")?,
            ext("help")?,
            ext("counts")?,
            ext("word")?,
        );
        let (arg, keyword, with_count, item_aliases) = (
            ext("arg")?,
            ext("keyword")?,
            ext("with_count")?,
            ext("item_aliases")?,
        );
        let (phrase, aliases) = (ext("phrase")?, ext("aliases")?);
        let mut words = Words {
            pool: pool.clone(),
            sentence: HashMap::new(),
            verb: HashMap::new(),
            help: HashMap::new(),
            counts: HashMap::new(),
            word: HashMap::new(),
            arg: HashMap::new(),
            keyword: HashMap::new(),
            with_count: HashMap::new(),
            item_aliases: HashMap::new(),
            phrase: HashMap::new(),
            aliases: HashMap::new(),
        };
        for message in pool.all_messages() {
            let name = message.full_name().to_string();
            let options = message.options();
            let template = |text: String| {
                Template::parse(&text).map_err(|e| anyhow!("{name}: template {text:?}: {e}"))
            };
            if let Some(text) = string_option(&options, &sentence) {
                words.sentence.insert(name.clone(), template(text)?);
            }
            if let Some(text) = string_option(&options, &word) {
                words.word.insert(name.clone(), template(text)?);
            }
            if let Some(text) = string_option(&options, &verb) {
                words.verb.insert(name.clone(), list(&text));
            }
            if let Some(text) = string_option(&options, &help) {
                words.help.insert(name.clone(), text);
            }
            if let Some(text) = string_option(&options, &counts) {
                words.counts.insert(name.clone(), text);
            }
            for field in message.fields() {
                let options = field.options();
                let name = field.full_name().to_string();
                if let Some(text) = string_option(&options, &arg) {
                    words.arg.insert(name.clone(), text);
                }
                if let Some(text) = string_option(&options, &keyword) {
                    words.keyword.insert(name.clone(), text);
                }
                if options.has_extension(&with_count) {
                    let on = options.get_extension(&with_count).as_bool() == Some(true);
                    words.with_count.insert(name.clone(), on);
                }
                if let Some(text) = string_option(&options, &item_aliases) {
                    words.item_aliases.insert(name, list(&text));
                }
            }
        }
        for enumeration in pool.all_enums() {
            for value in enumeration.values() {
                let key = (enumeration.full_name().to_string(), value.number());
                let options = value.options();
                if let Some(text) = string_option(&options, &phrase) {
                    words.phrase.insert(key.clone(), text);
                }
                if let Some(text) = string_option(&options, &aliases) {
                    words.aliases.insert(key, list(&text));
                }
            }
        }
        Ok(words)
    }

    fn message(&self, name: &str) -> MessageDescriptor {
        self.pool
            .get_message_by_name(name)
            .unwrap_or_else(|| panic!("{name} is not in the compiled-in descriptors"))
    }

    /// A generated message as a dynamic one of the same type.
    pub fn dynamic<M: prost::Name>(&self, message: &M) -> DynamicMessage {
        let descriptor = self.message(&M::full_name());
        DynamicMessage::decode(descriptor, message.encode_to_vec().as_slice())
            .expect("a message decodes as its own type")
    }

    /// A generated message read as one phrase: its sentence, its counts or its word.
    pub fn text<M: prost::Name>(&self, message: &M, seats: &[String]) -> String {
        self.message_text(&self.dynamic(message), seats)
    }

    /// A message of any type read as one phrase, as [`Words::text`] reads a generated one.
    pub fn message_text(&self, message: &DynamicMessage, seats: &[String]) -> String {
        let mut out = String::new();
        self.render_message(message, seats, Mode::Sentence, &mut out);
        out
    }

    /// An enum value's phrase, for a value of the enum named `enumeration` (`hexfold.v1.catan.Resource`).
    pub fn enum_phrase(&self, enumeration: &str, number: i32) -> String {
        match self.pool.get_enum_by_name(enumeration) {
            Some(e) => self.enum_text(&e, number, Mode::Sentence),
            None => "?".to_string(),
        }
    }

    /// An enum value's word in commands.
    pub fn enum_word(&self, enumeration: &str, number: i32) -> String {
        match self.pool.get_enum_by_name(enumeration) {
            Some(e) => self.enum_text(&e, number, Mode::Word),
            None => "?".to_string(),
        }
    }

    /// One event as a sentence: the first message with a sentence down the chain of set oneof cases.
    pub fn event(&self, event: &pb::Event, seats: &[String]) -> String {
        let event = self.dynamic(event);
        match self.leaf(&event, |name| self.sentence.contains_key(name)) {
            Some(leaf) => {
                let mut out = String::new();
                self.render_message(&leaf, seats, Mode::Sentence, &mut out);
                out
            }
            None => "(empty event)".to_string(),
        }
    }

    /// One command in the `submit` grammar, so what `actions` prints can be typed back.
    pub fn command(&self, command: &pb::Command) -> String {
        let command = self.dynamic(command);
        match self.leaf(&command, |name| self.verb.contains_key(name)) {
            Some(leaf) => {
                let name = leaf.descriptor().full_name().to_string();
                let mut parts = vec![self.verb[&name][0].clone()];
                self.args_text(&leaf, &mut parts);
                parts.join(" ")
            }
            None => "(empty command)".to_string(),
        }
    }

    /// The kind of a command, named by its message (`hexfold.v1.cities_knights.BuildRoad`); `None` for an empty one.
    pub fn command_kind(&self, command: &pb::Command) -> Option<String> {
        self.kind(&self.dynamic(command))
    }

    /// The leaf kind of a command or event, named by its message: the first message down the chain of set oneof
    /// cases that has words (`hexfold.v1.cities_knights.BuildRoad`); `None` when a oneof is empty.
    pub fn kind(&self, message: &DynamicMessage) -> Option<String> {
        self.leaf(message, |name| {
            self.verb.contains_key(name) || self.sentence.contains_key(name)
        })
        .map(|leaf| leaf.descriptor().full_name().to_string())
    }

    /// Follows the set case of each oneof down from `message` to the first message `is_leaf` names.
    fn leaf(
        &self,
        message: &DynamicMessage,
        is_leaf: impl Fn(&str) -> bool + Copy,
    ) -> Option<DynamicMessage> {
        if is_leaf(message.descriptor().full_name()) {
            return Some(message.clone());
        }
        let oneof = real_oneofs(&message.descriptor()).next()?;
        let field = set_case(message, &oneof)?;
        match message.get_field(&field).as_ref() {
            Value::Message(inner) => self.leaf(inner, is_leaf),
            _ => None,
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Rendering.

    fn render_message(
        &self,
        message: &DynamicMessage,
        seats: &[String],
        mode: Mode,
        out: &mut String,
    ) {
        let name = message.descriptor().full_name().to_string();
        let template = match mode {
            Mode::Sentence => self.sentence.get(&name).or_else(|| self.word.get(&name)),
            Mode::Word => self.word.get(&name),
        };
        if let Some(template) = template {
            self.render(&template.parts, message, seats, mode, out);
        } else if self.counts.contains_key(&name) {
            out.push_str(&self.counts_text(message, mode));
        } else if let Some(oneof) = real_oneofs(&message.descriptor()).next() {
            // A message that only wraps a choice reads as the choice.
            if let Some(field) = set_case(message, &oneof) {
                self.render_value(&field, &message.get_field(&field), false, seats, mode, out);
            }
        } else {
            out.push('?');
        }
    }

    fn render(
        &self,
        parts: &[Part],
        message: &DynamicMessage,
        seats: &[String],
        mode: Mode,
        out: &mut String,
    ) {
        for part in parts {
            match part {
                Part::Text(text) => out.push_str(text),
                Part::Field(field) => self.render_field(field, message, seats, mode, out),
                Part::Cond(cond, then, otherwise) => {
                    let branch = if self.holds(cond, message) {
                        then
                    } else {
                        otherwise
                    };
                    self.render(branch, message, seats, mode, out);
                }
            }
        }
    }

    fn render_field(
        &self,
        field: &FieldRef,
        message: &DynamicMessage,
        seats: &[String],
        mode: Mode,
        out: &mut String,
    ) {
        match &field.expr {
            Expr::Sum(paths) => {
                let sum: i64 = paths
                    .iter()
                    .filter_map(|path| resolve(message, path))
                    .map(|(_, value)| number(&value).unwrap_or(0))
                    .sum();
                let _ = write!(out, "{sum}");
            }
            Expr::Path(path) => {
                let Some((descriptor, value)) = resolve(message, path) else {
                    return;
                };
                match (&field.filter, &value) {
                    (Some(Filter::Letter), value) => {
                        out.push_str(&letter(number(value).unwrap_or(-1)))
                    }
                    (_, Value::List(items)) => {
                        self.render_list(field, &descriptor, items, seats, mode, out)
                    }
                    _ => self.render_value(&descriptor, &value, field.seat, seats, mode, out),
                }
            }
        }
    }

    fn render_list(
        &self,
        field: &FieldRef,
        descriptor: &FieldDescriptor,
        items: &[Value],
        seats: &[String],
        mode: Mode,
        out: &mut String,
    ) {
        let separator = field.separator.as_deref().unwrap_or(", ");
        let by_index = field.seat && matches!(descriptor.kind(), Kind::Message(_));
        let mut first = true;
        // `:set` leaves out the unset items; a list indexed by seat keeps each item's index.
        let keep = |item: &Value| {
            field.filter != Some(Filter::Set) || self.truthy_value(&descriptor.kind(), item)
        };
        for (index, item) in items.iter().enumerate().filter(|(_, item)| keep(item)) {
            if !first {
                out.push_str(separator);
            }
            first = false;
            if by_index {
                out.push_str(&who(seats, index as u32));
                out.push(' ');
                self.render_value(descriptor, item, false, seats, mode, out);
            } else {
                self.render_value(descriptor, item, field.seat, seats, mode, out);
            }
        }
    }

    fn render_value(
        &self,
        descriptor: &FieldDescriptor,
        value: &Value,
        seat: bool,
        seats: &[String],
        mode: Mode,
        out: &mut String,
    ) {
        match value {
            Value::Message(message) => self.render_message(message, seats, mode, out),
            Value::EnumNumber(n) => match descriptor.kind() {
                Kind::Enum(e) => out.push_str(&self.enum_text(&e, *n, mode)),
                _ => out.push('?'),
            },
            Value::Bool(b) => out.push_str(if *b { "yes" } else { "no" }),
            Value::String(s) => out.push_str(s),
            Value::Bytes(b) => out.push_str(&hex::encode(b)),
            Value::List(items) => {
                let texts: Vec<String> = items
                    .iter()
                    .map(|item| {
                        let mut text = String::new();
                        self.render_value(descriptor, item, seat, seats, mode, &mut text);
                        text
                    })
                    .collect();
                out.push_str(&texts.join(", "));
            }
            other => match number(other) {
                Some(n) if seat => out.push_str(&who(seats, n as u32)),
                Some(n) => {
                    let _ = write!(out, "{n}");
                }
                None => out.push('?'),
            },
        }
    }

    fn enum_text(&self, enumeration: &EnumDescriptor, number: i32, mode: Mode) -> String {
        let key = (enumeration.full_name().to_string(), number);
        match mode {
            Mode::Sentence => match self.phrase.get(&key) {
                Some(phrase) => phrase.clone(),
                None => value_word(enumeration, number).replace('-', " "),
            },
            Mode::Word => value_word(enumeration, number),
        }
    }

    /// Counts as a command types them (`wool:2 coin:1`) or, in a sentence, as words (`2 wool, 1 coin`); `nothing`
    /// for none.
    fn counts_text(&self, message: &DynamicMessage, mode: Mode) -> String {
        let mut items = Vec::new();
        self.count_items(message, &mut items);
        let shown: Vec<String> = items
            .into_iter()
            .filter(|(_, n)| *n > 0)
            .map(|(name, n)| match mode {
                Mode::Word => format!("{name}:{n}"),
                Mode::Sentence => format!("{n} {}", name.replace('-', " ")),
            })
            .collect();
        match (shown.is_empty(), mode) {
            (true, _) => "nothing".to_string(),
            (false, Mode::Word) => shown.join(" "),
            (false, Mode::Sentence) => shown.join(", "),
        }
    }

    /// Each count of a counts message with its item's word, nested counts flattened in field order.
    fn count_items(&self, message: &DynamicMessage, out: &mut Vec<(String, u64)>) {
        for field in message.descriptor().fields() {
            match message.get_field(&field).as_ref() {
                Value::Message(inner) => self.count_items(inner, out),
                value => out.push((
                    field.name().replace('_', "-"),
                    number(value).unwrap_or(0) as u64,
                )),
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Conditions.

    fn holds(&self, cond: &Cond, message: &DynamicMessage) -> bool {
        match &cond.test {
            None => match (&cond.left, cond.filter) {
                (Expr::Sum(paths), _) => paths
                    .iter()
                    .filter_map(|p| resolve(message, p))
                    .any(|(_, v)| number(&v).unwrap_or(0) != 0),
                (Expr::Path(path), Some(Filter::Set)) => match resolve(message, path) {
                    Some((field, Value::List(items))) => items
                        .iter()
                        .any(|item| self.truthy_value(&field.kind(), item)),
                    _ => false,
                },
                (Expr::Path(path), _) => self.is_set(message, path),
            },
            Some((equal, rhs)) => {
                let left = match &cond.left {
                    Expr::Path(path) => resolve(message, path),
                    Expr::Sum(_) => None,
                };
                let same = match left {
                    None => false,
                    Some((descriptor, value)) => {
                        if let Ok(n) = rhs.parse::<i64>() {
                            number(&value) == Some(n)
                        } else if let Some((_, other)) = resolve(
                            message,
                            &rhs.split('.').map(str::to_string).collect::<Vec<_>>(),
                        ) {
                            number(&value).is_some() && number(&value) == number(&other)
                        } else {
                            match (descriptor.kind(), &value) {
                                (Kind::Enum(e), Value::EnumNumber(n)) => value_word(&e, *n) == *rhs,
                                _ => false,
                            }
                        }
                    }
                };
                same == *equal
            }
        }
    }

    /// Whether the field at `path` is set: present, and not zero, false or empty (an optional present is set
    /// whatever its value).
    fn is_set(&self, message: &DynamicMessage, path: &[String]) -> bool {
        let Some((last, parents)) = path.split_last() else {
            return false;
        };
        let mut current = message.clone();
        for segment in parents {
            match field_of(&current, segment) {
                Some(field) if current.has_field(&field) => {
                    match current.get_field(&field).as_ref() {
                        Value::Message(inner) => current = inner.clone(),
                        _ => return false,
                    }
                }
                _ => return false,
            }
        }
        if let Some(oneof) = current
            .descriptor()
            .oneofs()
            .find(|o| o.name() == last.as_str())
        {
            return set_case(&current, &oneof).is_some();
        }
        let Some(field) = current.descriptor().get_field_by_name(last) else {
            return false;
        };
        if field.supports_presence() && !current.has_field(&field) {
            return false;
        }
        // A present optional or message is set whatever it holds, but counts must count something.
        let counts = match field.kind() {
            Kind::Message(m) => self.counts.contains_key(m.full_name()),
            _ => false,
        };
        (field.supports_presence() && !counts)
            || self.truthy_value(&field.kind(), &current.get_field(&field))
    }

    fn truthy_value(&self, kind: &Kind, value: &Value) -> bool {
        match value {
            Value::Bool(b) => *b,
            Value::String(s) => !s.is_empty(),
            Value::Bytes(b) => !b.is_empty(),
            Value::List(items) => !items.is_empty(),
            Value::Message(message) => {
                let name = message.descriptor().full_name().to_string();
                if self.counts.contains_key(&name) {
                    let mut items = Vec::new();
                    self.count_items(message, &mut items);
                    items.iter().any(|(_, n)| *n > 0)
                } else {
                    message.descriptor().fields().any(|field| {
                        (!field.supports_presence() || message.has_field(&field))
                            && self.truthy_value(&field.kind(), &message.get_field(&field))
                    })
                }
            }
            Value::EnumNumber(n) => *n != 0,
            other => {
                let _ = kind;
                number(other).unwrap_or(0) != 0
            }
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Commands: printing.

    fn args_text(&self, message: &DynamicMessage, out: &mut Vec<String>) {
        let descriptor = message.descriptor();
        let mut done_oneofs = Vec::new();
        for field in descriptor.fields() {
            if let Some(oneof) = field.containing_oneof().filter(|o| !o.is_synthetic()) {
                if done_oneofs.contains(&oneof.name().to_string()) {
                    continue;
                }
                done_oneofs.push(oneof.name().to_string());
                if let Some(case) = set_case(message, &oneof) {
                    out.push(case.name().replace('_', "-"));
                    if let Value::Message(inner) = message.get_field(&case).as_ref() {
                        self.args_text(inner, out);
                    }
                }
                continue;
            }
            if field.supports_presence() && !message.has_field(&field) {
                continue;
            }
            if let Some(keyword) = self.keyword.get(field.full_name()) {
                out.push(keyword.clone());
            }
            let value = message.get_field(&field);
            match value.as_ref() {
                Value::List(items) => {
                    for item in items {
                        self.arg_text(&field, item, out);
                    }
                }
                item => self.arg_text(&field, item, out),
            }
        }
    }

    fn arg_text(&self, field: &FieldDescriptor, value: &Value, out: &mut Vec<String>) {
        match value {
            Value::Message(message) => {
                let name = message.descriptor().full_name().to_string();
                if self.counts.contains_key(&name) {
                    out.push(self.counts_text(message, Mode::Word));
                } else if let Some(template) = self.word.get(&name) {
                    let mut text = String::new();
                    self.render(&template.parts, message, &[], Mode::Word, &mut text);
                    out.push(text);
                } else {
                    self.args_text(message, out);
                }
            }
            Value::EnumNumber(n) => match field.kind() {
                Kind::Enum(e) => out.push(value_word(&e, *n)),
                _ => out.push("?".to_string()),
            },
            other => out.push(number(other).map_or("?".to_string(), |n| n.to_string())),
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Commands: parsing.

    /// The commands of the game whose case of `hexfold.v1.Command` is `game` (`catan`, ...), in the order they
    /// are tried: each with its verbs (split into words) and the oneof fields from the game's message down to it.
    fn commands_of(&self, game: &FieldDescriptor) -> Vec<Candidate> {
        let mut out = Vec::new();
        if let Kind::Message(message) = game.kind() {
            self.collect_commands(&message, &mut vec![game.clone()], &mut out);
        }
        // The longest verb first, so `play road-building` is tried before `play`; otherwise proto order.
        out.sort_by_key(|c: &Candidate| std::cmp::Reverse(c.longest()));
        out
    }

    fn collect_commands(
        &self,
        message: &MessageDescriptor,
        path: &mut Vec<FieldDescriptor>,
        out: &mut Vec<Candidate>,
    ) {
        let mut nested = Vec::new();
        for oneof in real_oneofs(message) {
            for case in oneof.fields() {
                let Kind::Message(inner) = case.kind() else {
                    continue;
                };
                if let Some(verbs) = self.verb.get(inner.full_name()) {
                    let mut all: Vec<Vec<String>> = verbs.iter().map(|v| split_words(v)).collect();
                    // The case's own name is a verb too (`roll-dice`, `maritime-trade`).
                    let own = vec![case.name().replace('_', "-")];
                    if !all.contains(&own) {
                        all.push(own);
                    }
                    let mut to = path.clone();
                    to.push(case.clone());
                    out.push(Candidate {
                        verbs: all,
                        path: to,
                        message: inner,
                    });
                } else if real_oneofs(&inner).next().is_some() {
                    nested.push((case.clone(), inner));
                }
            }
        }
        // A game's own commands before those of a layer it carries (Catania's before Cities & Knights').
        for (case, inner) in nested {
            path.push(case);
            self.collect_commands(&inner, path, out);
            path.pop();
        }
    }

    /// The case of `hexfold.v1.Command` for a game id: its prefix names the game (the registry's `id_prefix`, or
    /// the game's name that ids stored before it begin with), whose name is the case's.
    fn game_case(&self, game_id: &str) -> anyhow::Result<FieldDescriptor> {
        let command = self.message("hexfold.v1.Command");
        let names: Vec<String> = crate::games::GAMES
            .iter()
            .map(|g| format!("{}-", g.id_prefix))
            .collect();
        crate::games::GAMES
            .iter()
            .find(|g| g.owns_game_id(game_id))
            .and_then(|g| command.get_field_by_name(g.name))
            .with_context(|| {
                format!(
                    "a game id begins with its game's name ({}); {game_id:?} does not",
                    names.join(", ")
                )
            })
    }

    /// Parses a command typed in the `submit` grammar of the game `game_id` names. Words may also arrive as one
    /// string (`submit G "build-road 12"`).
    pub fn parse_command(&self, game_id: &str, words: &[String]) -> anyhow::Result<pb::Command> {
        let game = self.game_case(game_id)?;
        let words: Vec<&str> = words.iter().flat_map(|w| w.split_whitespace()).collect();
        if words.is_empty() {
            bail!("empty command");
        }
        let lowered: Vec<String> = words
            .iter()
            .map(|w| w.to_ascii_lowercase().replace('_', "-"))
            .collect();
        let candidates = self.commands_of(&game);
        let mut first_error = None;
        for candidate in &candidates {
            let Some(taken) = candidate.matches(&lowered) else {
                continue;
            };
            let verb = lowered[..taken].join(" ");
            match self.parse_args(&candidate.message, &verb, &words[taken..]) {
                Ok(leaf) => return Ok(self.wrap(&candidate.path, leaf)),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        match first_error {
            Some(e) => Err(e),
            None => {
                let known: Vec<String> = candidates.iter().map(|c| c.verbs[0].join(" ")).collect();
                Err(unknown_command(&lowered[0], &known))
            }
        }
    }

    /// `leaf` set into the chain of oneof fields `path` leads down, as a `hexfold.v1.Command`.
    fn wrap(&self, path: &[FieldDescriptor], leaf: DynamicMessage) -> pb::Command {
        let mut value = leaf;
        for field in path.iter().rev() {
            let mut parent = DynamicMessage::new(field.parent_message().clone());
            parent.set_field(field, Value::Message(value));
            value = parent;
        }
        value
            .transcode_to::<pb::Command>()
            .expect("a command built from the descriptors decodes")
    }

    fn parse_args(
        &self,
        message: &MessageDescriptor,
        verb: &str,
        args: &[&str],
    ) -> anyhow::Result<DynamicMessage> {
        if let Some((min, max)) = self.arity(message) {
            let n = args.len();
            if n < min || n > max {
                let wanted = if min == max {
                    format!("{min}")
                } else {
                    format!("{min} to {max}")
                };
                bail!("`{verb}` takes {wanted} argument(s), got {n}");
            }
        }
        let mut cursor = Cursor { words: args, at: 0 };
        let parsed = self.parse_fields(message, &mut cursor, &[])?;
        if let Some(extra) = cursor.peek() {
            bail!("`{verb}`: unexpected {extra:?}; `hexfold submit --help` shows its form");
        }
        Ok(parsed)
    }

    /// The fewest and most words a command's fields take, when each field takes one word (or none, if optional).
    fn arity(&self, message: &MessageDescriptor) -> Option<(usize, usize)> {
        let (mut min, mut max) = (0, 0);
        for field in message.fields() {
            if field.containing_oneof().is_some_and(|o| !o.is_synthetic())
                || field.is_list()
                || self.keyword.contains_key(field.full_name())
            {
                return None;
            }
            match field.kind() {
                Kind::Message(inner) => {
                    if self.counts.contains_key(inner.full_name()) {
                        return None;
                    }
                    if self.word.contains_key(inner.full_name()) {
                        max += 1;
                        if !is_optional(&field) {
                            min += 1;
                        }
                    } else {
                        let (a, b) = self.arity(&inner)?;
                        min += a;
                        max += b;
                    }
                }
                _ => {
                    max += 1;
                    if !is_optional(&field) {
                        min += 1;
                    }
                }
            }
        }
        Some((min, max))
    }

    fn parse_fields(
        &self,
        message: &MessageDescriptor,
        cursor: &mut Cursor<'_>,
        outer_stops: &[String],
    ) -> anyhow::Result<DynamicMessage> {
        let mut out = DynamicMessage::new(message.clone());
        let fields: Vec<FieldDescriptor> = message.fields().collect();
        let mut done_oneofs = Vec::new();
        for (i, field) in fields.iter().enumerate() {
            // The keywords of the fields after this one (and of the fields after the message) end a run of words.
            let mut stops: Vec<String> = fields[i + 1..]
                .iter()
                .filter_map(|f| self.keyword.get(f.full_name()).cloned())
                .collect();
            stops.extend(outer_stops.iter().cloned());
            if let Some(oneof) = field.containing_oneof().filter(|o| !o.is_synthetic()) {
                if done_oneofs.contains(&oneof.name().to_string()) {
                    continue;
                }
                done_oneofs.push(oneof.name().to_string());
                let name = self.arg_name(field, &oneof);
                let word = cursor
                    .next()
                    .with_context(|| format!("missing {name}"))?
                    .to_ascii_lowercase()
                    .replace('_', "-");
                let case = oneof
                    .fields()
                    .find(|f| f.name().replace('_', "-") == word)
                    .with_context(|| {
                        let cases: Vec<String> =
                            oneof.fields().map(|f| f.name().replace('_', "-")).collect();
                        let noun = oneof.name().replace('_', " ");
                        format!("unknown {noun} {word:?} ({})", cases.join(", "))
                    })?;
                let value = match case.kind() {
                    Kind::Message(inner) => {
                        Value::Message(self.parse_fields(&inner, cursor, &stops)?)
                    }
                    _ => self.parse_one(&case, cursor, &stops)?,
                };
                out.set_field(&case, value);
                continue;
            }
            if let Some(keyword) = self.keyword.get(field.full_name()) {
                if cursor
                    .peek()
                    .is_some_and(|w| w.eq_ignore_ascii_case(keyword))
                {
                    cursor.next();
                } else if is_optional(field) {
                    continue;
                } else {
                    bail!("expected `{keyword} {}`", self.placeholder(field));
                }
            } else if is_optional(field)
                && cursor
                    .peek()
                    .is_none_or(|w| stops.iter().any(|s| w.eq_ignore_ascii_case(s)))
            {
                continue;
            }
            if field.is_list() {
                let mut items = Vec::new();
                while cursor
                    .peek()
                    .is_some_and(|w| !stops.iter().any(|s| w.eq_ignore_ascii_case(s)))
                {
                    match self.parse_one(field, cursor, &stops)? {
                        Value::List(more) => items.extend(more),
                        item => items.push(item),
                    }
                }
                out.set_field(field, Value::List(items));
            } else {
                let value = self.parse_one(field, cursor, &stops)?;
                out.set_field(field, value);
            }
        }
        Ok(out)
    }

    /// One value of `field` (one item of a list) from the words at the cursor.
    fn parse_one(
        &self,
        field: &FieldDescriptor,
        cursor: &mut Cursor<'_>,
        stops: &[String],
    ) -> anyhow::Result<Value> {
        let name = self.placeholder(field);
        match field.kind() {
            Kind::Message(message) => {
                if let Some(noun) = self.counts.get(message.full_name()) {
                    let mut run = Vec::new();
                    while let Some(word) = cursor.peek() {
                        if stops.iter().any(|s| word.eq_ignore_ascii_case(s)) {
                            break;
                        }
                        run.push(word);
                        cursor.next();
                    }
                    return Ok(Value::Message(self.parse_counts(&message, noun, &run)?));
                }
                if let Some(template) = self.word.get(message.full_name()) {
                    let word = cursor.next().with_context(|| format!("missing {name}"))?;
                    return self
                        .parse_word(&message, template, word, &name)
                        .map(Value::Message);
                }
                Ok(Value::Message(self.parse_fields(&message, cursor, stops)?))
            }
            Kind::Enum(enumeration) => {
                let word = cursor.next().with_context(|| format!("missing {name}"))?;
                let word = if self.with_count.get(field.full_name()) == Some(&true) {
                    match word.split_once(':') {
                        Some((word, count)) => {
                            count
                                .parse::<u32>()
                                .with_context(|| format!("bad count in {word:?}"))?;
                            word
                        }
                        None => word,
                    }
                } else {
                    word
                };
                self.parse_enum(&enumeration, word).map(Value::EnumNumber)
            }
            kind => {
                let word = cursor.next().with_context(|| format!("missing {name}"))?;
                let n: u64 = word
                    .parse()
                    .with_context(|| format!("{name} must be a number, got {word:?}"))?;
                number_value(&kind, n).with_context(|| format!("{name} {n} is out of range"))
            }
        }
    }

    fn parse_enum(&self, enumeration: &EnumDescriptor, word: &str) -> anyhow::Result<i32> {
        let word = word.to_ascii_lowercase().replace('_', "-");
        for value in enumeration.values().filter(|v| v.number() != 0) {
            let key = (enumeration.full_name().to_string(), value.number());
            if value_word(enumeration, value.number()) == word
                || self.aliases.get(&key).is_some_and(|a| a.contains(&word))
            {
                return Ok(value.number());
            }
        }
        let known: Vec<String> = enumeration
            .values()
            .filter(|v| v.number() != 0)
            .map(|v| value_word(enumeration, v.number()))
            .collect();
        bail!(
            "unknown {} {word:?} ({})",
            words_of(enumeration.name()),
            known.join(", ")
        )
    }

    /// `name:N` items (or `name` for one; comma-joined or not; `nothing` alone for none) into a counts message.
    fn parse_counts(
        &self,
        message: &MessageDescriptor,
        noun: &str,
        words: &[&str],
    ) -> anyhow::Result<DynamicMessage> {
        let items: Vec<&str> = words
            .iter()
            .flat_map(|w| w.split(','))
            .filter(|s| !s.is_empty())
            .collect();
        let mut slots = Vec::new();
        self.count_slots(message, &mut Vec::new(), &mut slots);
        if items.is_empty() {
            let example: Vec<String> = slots
                .iter()
                .take(2)
                .zip([2, 1])
                .map(|(slot, n)| format!("{}:{n}", slot.word))
                .collect();
            bail!("expected {noun} like {}", example.join(" "));
        }
        let mut out = DynamicMessage::new(message.clone());
        if items.len() == 1 && items[0].eq_ignore_ascii_case("nothing") {
            // Every count present and zero, as the server's own messages are.
            for slot in &slots {
                add_count(&mut out, &slot.path, 0)?;
            }
            return Ok(out);
        }
        for slot in &slots {
            add_count(&mut out, &slot.path, 0)?;
        }
        for item in items {
            let (name, count) = match item.split_once(':') {
                Some((name, count)) => (
                    name,
                    count
                        .parse::<u32>()
                        .with_context(|| format!("bad count in {item:?}"))?,
                ),
                None => (item, 1),
            };
            let name = name.to_ascii_lowercase().replace('_', "-");
            let slot = slots
                .iter()
                .find(|s| s.word == name || s.aliases.contains(&name))
                .with_context(|| {
                    let known: Vec<&str> = slots.iter().map(|s| s.word.as_str()).collect();
                    format!(
                        "unknown {} {name:?} ({})",
                        noun.strip_suffix('s').unwrap_or(noun),
                        known.join(", ")
                    )
                })?;
            add_count(&mut out, &slot.path, count)?;
        }
        Ok(out)
    }

    fn count_slots(
        &self,
        message: &MessageDescriptor,
        path: &mut Vec<FieldDescriptor>,
        out: &mut Vec<Slot>,
    ) {
        for field in message.fields() {
            path.push(field.clone());
            match field.kind() {
                Kind::Message(inner) => self.count_slots(&inner, path, out),
                _ => out.push(Slot {
                    word: field.name().replace('_', "-"),
                    aliases: self
                        .item_aliases
                        .get(field.full_name())
                        .cloned()
                        .unwrap_or_default(),
                    path: path.clone(),
                }),
            }
            path.pop();
        }
    }

    /// A word read by a message's word template: literals must match, a number takes digits, a letter one letter,
    /// an enum value a word, and a `{flag?yes|no}` choice one of its two texts.
    fn parse_word(
        &self,
        message: &MessageDescriptor,
        template: &Template,
        word: &str,
        name: &str,
    ) -> anyhow::Result<DynamicMessage> {
        let mut out = DynamicMessage::new(message.clone());
        let mut rest = word.to_ascii_lowercase();
        let fail = || {
            anyhow!(
                "{name} is written like {}, not {word:?}",
                self.word_example(message, template)
            )
        };
        for (i, part) in template.parts.iter().enumerate() {
            match part {
                Part::Text(text) => {
                    rest = rest
                        .strip_prefix(text.as_str())
                        .ok_or_else(fail)?
                        .to_string();
                }
                Part::Cond(cond, then, otherwise) => {
                    let (Expr::Path(path), None) = (&cond.left, &cond.test) else {
                        return Err(fail());
                    };
                    let field = path_field(message, path).ok_or_else(fail)?;
                    let literal = |parts: &[Part]| match parts {
                        [Part::Text(t)] => t.clone(),
                        _ => String::new(),
                    };
                    let (yes, no) = (literal(then), literal(otherwise));
                    let value = if !yes.is_empty() && rest.starts_with(&yes) {
                        rest = rest[yes.len()..].to_string();
                        true
                    } else if !no.is_empty() && rest.starts_with(&no) {
                        rest = rest[no.len()..].to_string();
                        false
                    } else {
                        return Err(fail());
                    };
                    out.set_field(&field, Value::Bool(value));
                }
                Part::Field(field_ref) => {
                    let Expr::Path(path) = &field_ref.expr else {
                        return Err(fail());
                    };
                    let field = path_field(message, path).ok_or_else(fail)?;
                    // Up to the next literal of the template, or the end.
                    let next_text = template.parts[i + 1..].iter().find_map(|p| match p {
                        Part::Text(t) => Some(t.clone()),
                        _ => None,
                    });
                    let value = match (&field_ref.filter, field.kind()) {
                        (Some(Filter::Letter), kind) => {
                            let c = rest
                                .chars()
                                .next()
                                .filter(char::is_ascii_lowercase)
                                .ok_or_else(fail)?;
                            rest = rest[1..].to_string();
                            number_value(&kind, u64::from(c as u8 - b'a')).ok_or_else(fail)?
                        }
                        (_, Kind::Enum(enumeration)) => {
                            let end = match &next_text {
                                Some(t) => rest.find(t.as_str()).ok_or_else(fail)?,
                                None => rest.len(),
                            };
                            let n = self.parse_enum(&enumeration, &rest[..end])?;
                            rest = rest[end..].to_string();
                            Value::EnumNumber(n)
                        }
                        (_, kind) => {
                            let end = rest
                                .find(|c: char| !c.is_ascii_digit())
                                .unwrap_or(rest.len());
                            if end == 0 {
                                return Err(fail());
                            }
                            let n: u64 = rest[..end].parse().map_err(|_| fail())?;
                            rest = rest[end..].to_string();
                            number_value(&kind, n).ok_or_else(fail)?
                        }
                    };
                    out.set_field(&field, value);
                }
            }
        }
        if !rest.is_empty() {
            return Err(fail());
        }
        Ok(out)
    }

    /// What a word template looks like filled in, for an error message: `d8`, `ship:12`.
    fn word_example(&self, message: &MessageDescriptor, template: &Template) -> String {
        let mut out = String::new();
        for part in &template.parts {
            match part {
                Part::Text(t) => out.push_str(t),
                Part::Cond(_, then, _) => {
                    if let [Part::Text(t)] = then.as_slice() {
                        out.push_str(t);
                    }
                }
                Part::Field(field) => match (&field.filter, &field.expr) {
                    (Some(Filter::Letter), _) => out.push('d'),
                    (_, Expr::Path(path)) => match path_field(message, path).map(|f| f.kind()) {
                        Some(Kind::Enum(e)) => out.push_str(&value_word(&e, 1)),
                        _ => out.push_str("12"),
                    },
                    _ => out.push_str("12"),
                },
            }
        }
        out
    }

    /// The argument's name in the grammar: its `arg` option, or for counts what they count, or its field's name,
    /// in capitals.
    fn placeholder(&self, field: &FieldDescriptor) -> String {
        if let Some(name) = self.arg.get(field.full_name()) {
            return name.clone();
        }
        let counted = field
            .kind()
            .as_message()
            .and_then(|m| self.counts.get(m.full_name()).cloned());
        counted
            .unwrap_or_else(|| field.name().to_string())
            .to_ascii_uppercase()
            .replace(['_', ' '], "-")
    }

    fn arg_name(&self, first: &FieldDescriptor, oneof: &OneofDescriptor) -> String {
        self.arg
            .get(first.full_name())
            .cloned()
            .unwrap_or_else(|| oneof.name().to_ascii_uppercase().replace('_', "-"))
    }

    // ---------------------------------------------------------------------------------------------------------
    // The grammar's listing.

    /// Every game's commands as `submit --help` lists them: per game its commands with their arguments and what
    /// they do, then what each argument may be. A layer another game carries (Catania's Cities & Knights) is named,
    /// not listed again, when it is a game of its own.
    pub fn grammar(&self) -> String {
        let command = self.message("hexfold.v1.Command");
        let games: Vec<MessageDescriptor> = command
            .fields()
            .filter_map(|f| f.kind().as_message().cloned())
            .collect();
        let title = |message: &MessageDescriptor| {
            self.help
                .get(message.full_name())
                .cloned()
                .unwrap_or_else(|| message.full_name().to_string())
        };
        let mut out = String::from(
            "Ids (VERTEX, EDGE, HEX, ...) are the board's numbers and SEAT a seat's; words may be typed in any case, \
             with - or _; several NAME:N items may be joined with commas.\n",
        );
        for game in command.fields() {
            let Kind::Message(message) = game.kind() else {
                continue;
            };
            let _ = writeln!(
                out,
                "\n{} (game ids {}-...):",
                title(&message),
                id_prefix(&game)
            );
            let mut legend = Legend::default();
            let mut layers = Vec::new();
            // Listed in proto order, a layer after the game's own commands.
            let mut listed: Vec<Candidate> = self.commands_of(&game);
            listed.sort_by_key(|c| {
                (
                    c.path.len(),
                    c.path.iter().map(|f| f.number()).collect::<Vec<_>>(),
                )
            });
            for candidate in listed {
                if let Some(layer) = candidate.path[1..candidate.path.len() - 1]
                    .iter()
                    .filter_map(|f| f.kind().as_message().cloned())
                    .find(|m| games.contains(m))
                {
                    if !layers.contains(&layer) {
                        layers.push(layer);
                    }
                    continue;
                }
                let mut syntax = candidate.verbs[0].join(" ");
                for arg in self.usage(&candidate.message, &mut legend) {
                    syntax.push(' ');
                    syntax.push_str(&arg);
                }
                let help = self
                    .help
                    .get(candidate.message.full_name())
                    .cloned()
                    .unwrap_or_default();
                if help.is_empty() {
                    let _ = writeln!(out, "  {syntax}");
                } else if syntax.len() <= 38 {
                    let _ = writeln!(out, "  {syntax:<38}  {help}");
                } else {
                    let _ = writeln!(out, "  {syntax}\n  {:<38}  {help}", "");
                }
            }
            for layer in layers {
                let _ = writeln!(
                    out,
                    "  and the commands of {} (listed with it)",
                    title(&layer)
                );
            }
            for (names, what) in legend.entries {
                let _ = writeln!(out, "    {}: {what}", names.join(", "));
            }
        }
        out
    }

    /// A message's arguments as the listing writes them: `VERTEX`, `[SEAT]`, `for RESOURCES`, `CARD ...`.
    fn usage(&self, message: &MessageDescriptor, legend: &mut Legend) -> Vec<String> {
        let mut out = Vec::new();
        let mut done_oneofs = Vec::new();
        for field in message.fields() {
            if let Some(oneof) = field.containing_oneof().filter(|o| !o.is_synthetic()) {
                if done_oneofs.contains(&oneof.name().to_string()) {
                    continue;
                }
                done_oneofs.push(oneof.name().to_string());
                let name = self.arg_name(&field, &oneof);
                let cases: Vec<String> = oneof
                    .fields()
                    .map(|case| {
                        let mut text = case.name().replace('_', "-");
                        if let Kind::Message(inner) = case.kind() {
                            for arg in self.usage(&inner, legend) {
                                text.push(' ');
                                text.push_str(&arg);
                            }
                        }
                        text
                    })
                    .collect();
                legend.add(
                    oneof.full_name(),
                    &name,
                    format!("one of {}", cases.join(" | ")),
                );
                out.push(format!("{name} ..."));
                continue;
            }
            let name = self.placeholder(&field);
            let shape = match field.kind() {
                Kind::Message(inner) => {
                    if let Some(noun) = self.counts.get(inner.full_name()) {
                        let mut slots = Vec::new();
                        self.count_slots(&inner, &mut Vec::new(), &mut slots);
                        let items: Vec<&str> = slots.iter().map(|s| s.word.as_str()).collect();
                        legend.add(
                            inner.full_name(),
                            &name,
                            format!("{noun} as NAME:N items ({}), or nothing", items.join(", ")),
                        );
                        name.clone()
                    } else if let Some(template) = self.word.get(inner.full_name()) {
                        legend.add(
                            inner.full_name(),
                            &name,
                            format!("written like {}", self.word_example(&inner, template)),
                        );
                        name.clone()
                    } else {
                        self.usage(&inner, legend).join(" ")
                    }
                }
                Kind::Enum(e) => {
                    let values: Vec<String> = e
                        .values()
                        .filter(|v| v.number() != 0)
                        .map(|v| value_word(&e, v.number()))
                        .collect();
                    legend.add(e.full_name(), &name, values.join(", "));
                    name.clone()
                }
                _ => name.clone(),
            };
            let shape = if field.is_list() {
                format!("{shape}...")
            } else {
                shape
            };
            let shape = match self.keyword.get(field.full_name()) {
                Some(keyword) => format!("{keyword} {shape}"),
                None => shape,
            };
            out.push(if is_optional(&field) {
                format!("[{shape}]")
            } else {
                shape
            });
        }
        out
    }
}

/// What the arguments of a game's listing may be, one line per type: the names it goes by and its words.
#[derive(Default)]
struct Legend {
    /// By type, in the order first met: the argument names of that type, and what it may be.
    entries: Vec<(Vec<String>, String)>,
    types: Vec<String>,
}

impl Legend {
    fn add(&mut self, type_name: &str, name: &str, what: String) {
        match self.types.iter().position(|t| t == type_name) {
            Some(i) => {
                let names = &mut self.entries[i].0;
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_string());
                }
            }
            None => {
                self.types.push(type_name.to_string());
                self.entries.push((vec![name.to_string()], what));
            }
        }
    }
}

/// A command the grammar knows: its verbs, its message and how it sits in `hexfold.v1.Command`.
struct Candidate {
    verbs: Vec<Vec<String>>,
    path: Vec<FieldDescriptor>,
    message: MessageDescriptor,
}

impl Candidate {
    fn longest(&self) -> usize {
        self.verbs.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// How many of `words` the longest matching verb takes, if one matches.
    fn matches(&self, words: &[String]) -> Option<usize> {
        self.verbs
            .iter()
            .filter(|verb| words.len() >= verb.len() && words[..verb.len()] == verb[..])
            .map(Vec::len)
            .max()
    }
}

/// One count of a counts message: its word, other names for it and the fields down to it.
struct Slot {
    word: String,
    aliases: Vec<String>,
    path: Vec<FieldDescriptor>,
}

struct Cursor<'a> {
    words: &'a [&'a str],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn peek(&self) -> Option<&'a str> {
        self.words.get(self.at).copied()
    }

    fn next(&mut self) -> Option<&'a str> {
        let word = self.peek();
        self.at += usize::from(word.is_some());
        word
    }
}

/// The prefix of new game ids of the game whose case of `hexfold.v1.Command` is `game` (the case is named as the
/// game: see `crate::games::Registered::name`).
fn id_prefix(game: &FieldDescriptor) -> &'static str {
    crate::games::GAMES
        .iter()
        .find(|g| g.name == game.name())
        .map_or("?", |g| g.id_prefix)
}

fn split_words(verb: &str) -> Vec<String> {
    verb.split_whitespace().map(str::to_string).collect()
}

fn add_count(message: &mut DynamicMessage, path: &[FieldDescriptor], n: u32) -> anyhow::Result<()> {
    let (last, parents) = path.split_last().expect("a count's path");
    let mut current = message;
    for field in parents {
        if !current.has_field(field) {
            let Kind::Message(inner) = field.kind() else {
                unreachable!("a counts message nests only messages")
            };
            current.set_field(field, Value::Message(DynamicMessage::new(inner)));
        }
        current = match current.get_field_mut(field) {
            Value::Message(inner) => inner,
            _ => unreachable!("a counts message nests only messages"),
        };
    }
    let now = number(current.get_field(last).as_ref()).unwrap_or(0) as u64;
    let total = now
        .checked_add(u64::from(n))
        .filter(|&t| t <= u64::from(u32::MAX))
        .context("count overflows")?;
    let value = number_value(&last.kind(), total).context("count overflows")?;
    current.set_field(last, value);
    Ok(())
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// In a sentence: enum values by their phrases.
    Sentence,
    /// In a command: enum values by their words.
    Word,
}

/// Whether a field may be left out: proto3's `optional` (a synthetic oneof of its own).
fn is_optional(field: &FieldDescriptor) -> bool {
    field.containing_oneof().is_some_and(|o| o.is_synthetic())
}

/// The real oneofs of a message (not proto3's `optional`).
fn real_oneofs(message: &MessageDescriptor) -> impl Iterator<Item = OneofDescriptor> + '_ {
    message.oneofs().filter(|o| !o.is_synthetic())
}

fn set_case(message: &DynamicMessage, oneof: &OneofDescriptor) -> Option<FieldDescriptor> {
    oneof.fields().find(|f| message.has_field(f))
}

/// A field of `message` by name, or the set case of a oneof by the oneof's name.
fn field_of(message: &DynamicMessage, name: &str) -> Option<FieldDescriptor> {
    let descriptor = message.descriptor();
    if let Some(field) = descriptor.get_field_by_name(name) {
        return Some(field);
    }
    let oneof = descriptor.oneofs().find(|o| o.name() == name)?;
    set_case(message, &oneof)
}

/// The field at `path` and its value; `None` where a message or a oneof on the way is unset.
fn resolve(message: &DynamicMessage, path: &[String]) -> Option<(FieldDescriptor, Value)> {
    let (last, parents) = path.split_last()?;
    let mut current = message.clone();
    for segment in parents {
        let field = field_of(&current, segment)?;
        if !current.has_field(&field) {
            return None;
        }
        current = match current.get_field(&field).into_owned() {
            Value::Message(inner) => inner,
            _ => return None,
        };
    }
    let field = field_of(&current, last)?;
    if field.supports_presence() && !current.has_field(&field) {
        return None;
    }
    let value = current.get_field(&field).into_owned();
    Some((field, value))
}

/// The field a word template's path names (a word template names its own fields, one level deep).
fn path_field(message: &MessageDescriptor, path: &[String]) -> Option<FieldDescriptor> {
    match path {
        [name] => message.get_field_by_name(name),
        _ => None,
    }
}

fn number(value: &Value) -> Option<i64> {
    match value {
        Value::I32(n) => Some(i64::from(*n)),
        Value::I64(n) => Some(*n),
        Value::U32(n) => Some(i64::from(*n)),
        Value::U64(n) => i64::try_from(*n).ok(),
        Value::EnumNumber(n) => Some(i64::from(*n)),
        Value::Bool(b) => Some(i64::from(*b)),
        _ => None,
    }
}

fn number_value(kind: &Kind, n: u64) -> Option<Value> {
    Some(match kind {
        Kind::Uint32 | Kind::Fixed32 => Value::U32(u32::try_from(n).ok()?),
        Kind::Uint64 | Kind::Fixed64 => Value::U64(n),
        Kind::Int32 | Kind::Sint32 | Kind::Sfixed32 => Value::I32(i32::try_from(n).ok()?),
        Kind::Int64 | Kind::Sint64 | Kind::Sfixed64 => Value::I64(i64::try_from(n).ok()?),
        _ => return None,
    })
}

/// A column's letter, `a` for 0.
pub fn letter(n: i64) -> String {
    match u8::try_from(n) {
        Ok(n) if n < 26 => char::from(b'a' + n).to_string(),
        _ => format!("[column {n}]"),
    }
}

/// An enum value's word: its name without the enum's prefix, in lower case with dashes
/// (`PROGRESS_CARD_MASTER_MERCHANT` is `master-merchant`); `?` for a number the enum does not name.
pub fn value_word(enumeration: &EnumDescriptor, number: i32) -> String {
    let Some(value) = enumeration.get_value(number) else {
        return "?".to_string();
    };
    let prefix = screaming(enumeration.name());
    value
        .name()
        .strip_prefix(&prefix)
        .and_then(|n| n.strip_prefix('_'))
        .unwrap_or(value.name())
        .to_ascii_lowercase()
        .replace('_', "-")
}

/// `ProgressCard` as `PROGRESS_CARD`.
fn screaming(camel: &str) -> String {
    let mut out = String::new();
    for (i, c) in camel.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// `InfluenceColor` as `influence color`.
fn words_of(camel: &str) -> String {
    screaming(camel).to_ascii_lowercase().replace('_', " ")
}

/// A seat's name, or `seat N` when the name is unknown.
pub fn who(seats: &[String], seat: u32) -> String {
    match seats.get(seat as usize) {
        Some(name) => name.clone(),
        None => format!("seat {seat}"),
    }
}

// -------------------------------------------------------------------------------------------------------------
// Templates.

/// A parsed template (the language is written down in `words.proto`).
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Debug, Clone, PartialEq)]
enum Part {
    Text(String),
    Field(FieldRef),
    Cond(Cond, Vec<Part>, Vec<Part>),
}

#[derive(Debug, Clone, PartialEq)]
struct FieldRef {
    seat: bool,
    expr: Expr,
    filter: Option<Filter>,
    separator: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
enum Expr {
    Path(Vec<String>),
    Sum(Vec<Vec<String>>),
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Filter {
    Letter,
    Set,
}

#[derive(Debug, Clone, PartialEq)]
struct Cond {
    left: Expr,
    /// `:set`: a list holds when one of its items is set.
    filter: Option<Filter>,
    /// `=` (true) or `!=` (false), and the value compared with.
    test: Option<(bool, String)>,
}

impl Template {
    pub fn parse(text: &str) -> Result<Template, String> {
        Ok(Template {
            parts: parse_parts(text)?,
        })
    }
}

fn parse_parts(text: &str) -> Result<Vec<Part>, String> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '{' => {
                let end = closing(&chars, i)?;
                if !literal.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut literal)));
                }
                let inner: String = chars[i + 1..end].iter().collect();
                parts.push(parse_braces(&inner)?);
                i = end + 1;
            }
            '}' => return Err(format!("a `}}` without its `{{` at {i}")),
            c => {
                literal.push(c);
                i += 1;
            }
        }
    }
    if !literal.is_empty() {
        parts.push(Part::Text(literal));
    }
    Ok(parts)
}

/// The index of the `}` closing the `{` at `open`.
fn closing(chars: &[char], open: usize) -> Result<usize, String> {
    let mut depth = 0;
    for (i, c) in chars.iter().enumerate().skip(open) {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
            _ => {}
        }
    }
    Err(format!("the `{{` at {open} is not closed"))
}

/// The position of the first `c` of `text` outside nested braces.
fn top_level(text: &str, c: char) -> Option<usize> {
    let mut depth = 0;
    for (i, ch) in text.char_indices() {
        match ch {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if ch == c && depth == 0 => return Some(i),
            _ => {}
        }
    }
    None
}

fn parse_braces(inner: &str) -> Result<Part, String> {
    if let Some(q) = top_level(inner, '?') {
        let (cond, body) = (&inner[..q], &inner[q + 1..]);
        let (then, otherwise) = match top_level(body, '|') {
            Some(bar) => (&body[..bar], &body[bar + 1..]),
            None => (body, ""),
        };
        let cond = if let Some((left, right)) = cond.split_once("!=") {
            Cond {
                left: parse_expr(left)?,
                filter: None,
                test: Some((false, right.trim().to_string())),
            }
        } else if let Some((left, right)) = cond.split_once('=') {
            Cond {
                left: parse_expr(left)?,
                filter: None,
                test: Some((true, right.trim().to_string())),
            }
        } else if let Some(left) = cond.strip_suffix(":set") {
            Cond {
                left: parse_expr(left)?,
                filter: Some(Filter::Set),
                test: None,
            }
        } else {
            Cond {
                left: parse_expr(cond)?,
                filter: None,
                test: None,
            }
        };
        return Ok(Part::Cond(
            cond,
            parse_parts(then)?,
            parse_parts(otherwise)?,
        ));
    }
    let (body, separator) = match inner.split_once('/') {
        Some((body, separator)) => (body, Some(separator.to_string())),
        None => (inner, None),
    };
    let (body, filter) = match body.split_once(':') {
        Some((body, "letter")) => (body, Some(Filter::Letter)),
        Some((body, "set")) => (body, Some(Filter::Set)),
        Some((_, other)) => return Err(format!("unknown filter `{other}`")),
        None => (body, None),
    };
    let (seat, body) = match body.strip_prefix('@') {
        Some(rest) => (true, rest),
        None => (false, body),
    };
    Ok(Part::Field(FieldRef {
        seat,
        expr: parse_expr(body)?,
        filter,
        separator,
    }))
}

fn parse_expr(text: &str) -> Result<Expr, String> {
    let path = |p: &str| -> Result<Vec<String>, String> {
        let segments: Vec<String> = p.trim().split('.').map(str::to_string).collect();
        if segments
            .iter()
            .all(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        {
            Ok(segments)
        } else {
            Err(format!("`{p}` is not a field path"))
        }
    };
    if text.contains('+') {
        Ok(Expr::Sum(
            text.split('+').map(path).collect::<Result<_, _>>()?,
        ))
    } else {
        Ok(Expr::Path(path(text)?))
    }
}

// -------------------------------------------------------------------------------------------------------------
// Did you mean.

/// The edit distance between two short words (insertions, deletions, substitutions, and swaps of neighbours).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut d = vec![vec![0; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    d[a.len()][b.len()]
}

/// The error for a command word the game's grammar does not know, with the nearest known verb when one is close
/// (a third of its letters or fewer changed, or the typed word begins it).
fn unknown_command(verb: &str, known: &[String]) -> anyhow::Error {
    let nearest = known
        .iter()
        .map(|known| {
            let first = known.split_whitespace().next().unwrap_or(known);
            let distance = if first.starts_with(verb) {
                1
            } else {
                edit_distance(verb, first)
            };
            (distance, first)
        })
        .filter(|&(distance, known)| distance * 3 <= known.len().max(3))
        .min();
    match nearest {
        Some((_, known)) => anyhow!(
            "unknown command {verb:?}; did you mean `{known}`? `hexfold submit --help` lists them"
        ),
        None => anyhow!("unknown command {verb:?}; `hexfold submit --help` lists them"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a template names something its message does not have, or a value with no words.
    fn check_template(
        words: &Words,
        parts: &[Part],
        message: &MessageDescriptor,
        at: &str,
        errors: &mut Vec<String>,
    ) {
        let numeric = |f: &FieldDescriptor| {
            !matches!(
                f.kind(),
                Kind::Message(_) | Kind::Enum(_) | Kind::String | Kind::Bytes | Kind::Bool
            )
        };
        for part in parts {
            match part {
                Part::Text(_) => {}
                Part::Field(field) => match &field.expr {
                    Expr::Sum(paths) => {
                        for path in paths {
                            match field_at(message, path) {
                                Some(Target::Field(f)) if numeric(&f) && !f.is_list() => {}
                                _ => errors
                                    .push(format!("{at}: `{}` is not a number", path.join("."))),
                            }
                        }
                    }
                    Expr::Path(path) => match field_at(message, path) {
                        None => errors.push(format!("{at}: no field `{}`", path.join("."))),
                        Some(Target::Oneof(oneof)) => {
                            for case in oneof.fields() {
                                check_value(words, &case, at, errors);
                            }
                        }
                        Some(Target::Field(f)) => {
                            if field.filter == Some(Filter::Letter) && !numeric(&f) {
                                errors.push(format!("{at}: `{}` is not a number", path.join(".")));
                            }
                            if field.seat && !(numeric(&f) || f.is_list()) {
                                errors.push(format!("{at}: `@{}` is not a seat", path.join(".")));
                            }
                            if field.filter == Some(Filter::Set) && !f.is_list() {
                                errors.push(format!("{at}: `{}` is not a list", path.join(".")));
                            }
                            check_value(words, &f, at, errors);
                        }
                    },
                },
                Part::Cond(cond, then, otherwise) => {
                    match &cond.left {
                        Expr::Path(path) => match (field_at(message, path), &cond.test) {
                            (None, _) => {
                                errors.push(format!("{at}: no field `{}`", path.join(".")))
                            }
                            (Some(Target::Field(f)), Some((_, rhs))) => {
                                let known = rhs.parse::<i64>().is_ok()
                                    || field_at(
                                        message,
                                        &rhs.split('.').map(str::to_string).collect::<Vec<_>>(),
                                    )
                                    .is_some()
                                    || match f.kind() {
                                        Kind::Enum(e) => {
                                            e.values().any(|v| value_word(&e, v.number()) == *rhs)
                                        }
                                        _ => false,
                                    };
                                if !known {
                                    errors.push(format!(
                                        "{at}: `{rhs}` is no value of `{}`",
                                        path.join(".")
                                    ));
                                }
                            }
                            _ => {}
                        },
                        Expr::Sum(_) => {}
                    }
                    check_template(words, then, message, at, errors);
                    check_template(words, otherwise, message, at, errors);
                }
            }
        }
    }

    enum Target {
        Field(FieldDescriptor),
        Oneof(OneofDescriptor),
    }

    fn field_at(message: &MessageDescriptor, path: &[String]) -> Option<Target> {
        let (last, parents) = path.split_last()?;
        let mut current = message.clone();
        for segment in parents {
            let field = current.get_field_by_name(segment)?;
            current = match field.kind() {
                Kind::Message(inner) => inner,
                _ => return None,
            };
        }
        if let Some(field) = current.get_field_by_name(last) {
            return Some(Target::Field(field));
        }
        let oneof = current.oneofs().find(|o| o.name() == last.as_str());
        oneof.map(Target::Oneof)
    }

    /// A message value must have words of its own.
    fn check_value(words: &Words, field: &FieldDescriptor, at: &str, errors: &mut Vec<String>) {
        if let Kind::Message(inner) = field.kind() {
            if !has_words(words, &inner) {
                errors.push(format!("{at}: {} has no words", inner.full_name()));
            }
        }
    }

    fn has_words(words: &Words, message: &MessageDescriptor) -> bool {
        let name = message.full_name();
        words.sentence.contains_key(name)
            || words.counts.contains_key(name)
            || words.word.contains_key(name)
            || real_oneofs(message).next().is_some_and(|o| {
                o.fields().all(|case| match case.kind() {
                    Kind::Message(inner) => has_words(words, &inner),
                    _ => true,
                })
            })
    }

    /// Every event (each message a game's event oneof leads to) reads as a sentence, every command has a verb no
    /// other command of its game shares, every template names fields its message has and values with words.
    #[test]
    fn every_message_has_its_words() {
        let words = words();
        let mut errors = Vec::new();
        for message in words.pool.all_messages() {
            let name = message.full_name().to_string();
            if let Some(template) = words.sentence.get(&name) {
                check_template(words, &template.parts, &message, &name, &mut errors);
            }
            if let Some(template) = words.word.get(&name) {
                check_template(words, &template.parts, &message, &name, &mut errors);
            }
        }
        let event = words.message("hexfold.v1.Event");
        let mut leaves = Vec::new();
        event_leaves(words, &event, &mut leaves);
        assert!(leaves.len() > 140, "{}", leaves.len());
        for leaf in &leaves {
            if !words.sentence.contains_key(leaf.full_name()) {
                errors.push(format!("event {} has no sentence", leaf.full_name()));
            }
        }
        let command = words.message("hexfold.v1.Command");
        let mut commands = 0;
        for game in command.fields() {
            let candidates = words.commands_of(&game);
            assert!(!candidates.is_empty(), "{}", game.name());
            commands += candidates.len();
            let mut seen = std::collections::HashSet::new();
            for candidate in &candidates {
                for verb in &candidate.verbs {
                    if !seen.insert(verb.clone()) {
                        errors.push(format!("{}: the verb {verb:?} twice", game.name()));
                    }
                }
            }
            if !words
                .help
                .contains_key(game.kind().as_message().unwrap().full_name())
            {
                errors.push(format!(
                    "{}: no name for people (its Command's help)",
                    game.name()
                ));
            }
        }
        assert!(commands > 40, "{commands} commands in all");
        assert!(errors.is_empty(), "{}", errors.join("\n"));
    }

    /// The messages a oneof of events leads to that are not themselves a game's oneof of events.
    fn event_leaves(words: &Words, message: &MessageDescriptor, out: &mut Vec<MessageDescriptor>) {
        for oneof in real_oneofs(message) {
            for case in oneof.fields() {
                if let Kind::Message(inner) = case.kind() {
                    if words.sentence.contains_key(inner.full_name())
                        || real_oneofs(&inner).next().is_none()
                    {
                        if !out.contains(&inner) {
                            out.push(inner);
                        }
                    } else {
                        event_leaves(words, &inner, out);
                    }
                }
            }
        }
    }

    /// Values for every field of `message`: numbers by field number, the last value of an enum, two of each count
    /// that comes first and one of the last, two items of a list; `full` sets the optional fields too. A message
    /// with a oneof gets one sample per case.
    fn samples(words: &Words, message: &MessageDescriptor, full: bool) -> Vec<DynamicMessage> {
        let mut out = vec![DynamicMessage::new(message.clone())];
        if words.counts.contains_key(message.full_name()) {
            let mut slots = Vec::new();
            words.count_slots(message, &mut Vec::new(), &mut slots);
            let m = &mut out[0];
            for (i, slot) in slots.iter().enumerate() {
                let n = if !full {
                    0
                } else if i == 0 {
                    2
                } else {
                    u32::from(i + 1 == slots.len())
                };
                add_count(m, &slot.path, n).unwrap();
            }
            return out;
        }
        let mut done = Vec::new();
        for field in message.fields() {
            if let Some(oneof) = field.containing_oneof().filter(|o| !o.is_synthetic()) {
                if done.contains(&oneof.name().to_string()) {
                    continue;
                }
                done.push(oneof.name().to_string());
                let base = out.clone();
                out.clear();
                for case in oneof.fields() {
                    for value in values(words, &case, full) {
                        for m in &base {
                            let mut m = m.clone();
                            m.set_field(&case, value.clone());
                            out.push(m);
                        }
                    }
                }
                continue;
            }
            if is_optional(&field) && !full {
                continue;
            }
            let options = values(words, &field, full);
            let value = if field.is_list() {
                Value::List(if full { options } else { Vec::new() })
            } else {
                options.into_iter().next().unwrap()
            };
            for m in &mut out {
                m.set_field(&field, value.clone());
            }
        }
        out
    }

    fn values(words: &Words, field: &FieldDescriptor, full: bool) -> Vec<Value> {
        let n = u64::from(field.number()) + 2;
        match field.kind() {
            Kind::Message(inner) => {
                let mut all = samples(words, &inner, full);
                if field.is_list() {
                    all.extend(samples(words, &inner, !full));
                }
                all.into_iter().map(Value::Message).collect()
            }
            Kind::Enum(e) => {
                let last = e.values().map(|v| v.number()).max().unwrap();
                vec![Value::EnumNumber(last), Value::EnumNumber(1)]
            }
            Kind::Bool => vec![Value::Bool(full), Value::Bool(!full)],
            kind => vec![
                number_value(&kind, n).unwrap(),
                number_value(&kind, n + 10).unwrap(),
            ],
        }
    }

    /// Every command of every game, its optional fields set and unset and each case of a choice, prints in the
    /// grammar and parses back to itself.
    #[test]
    fn every_command_prints_and_parses_back_to_itself() {
        let words = words();
        let command = words.message("hexfold.v1.Command");
        let mut checked = 0;
        for game in command.fields() {
            for candidate in words.commands_of(&game) {
                for full in [true, false] {
                    for leaf in samples(words, &candidate.message, full) {
                        let command = words.wrap(&candidate.path, leaf);
                        let text = words.command(&command);
                        let game_id = format!("{}-0123", id_prefix(&game));
                        let back = words.parse_command(&game_id, std::slice::from_ref(&text));
                        assert_eq!(back.as_ref().ok(), Some(&command), "{text}: {back:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 200, "{checked}");
    }

    /// A Cities & Knights command parses alike under a new id and under one stored before (`cities_knights-`);
    /// an id of no game's prefix is refused with the prefixes new ids have.
    #[test]
    fn a_game_is_found_by_its_new_id_prefix_and_by_the_one_stored_before() {
        let words = words();
        let typed = ["build-knight 3".to_string()];
        let new = words
            .parse_command("cities-and-knights-0a", &typed)
            .unwrap();
        let old = words.parse_command("cities_knights-0a", &typed).unwrap();
        assert_eq!(new, old);
        assert!(matches!(
            new.game,
            Some(pb::command::Game::CitiesKnights(_))
        ));
        let error = words
            .parse_command("cities-0a", &typed)
            .unwrap_err()
            .to_string();
        assert!(error.contains("cities-and-knights-"), "{error}");
    }

    /// The listing names every game and every verb, with the arguments' words explained.
    #[test]
    fn the_grammar_lists_every_verb() {
        let words = words();
        let listing = words.grammar();
        let command = words.message("hexfold.v1.Command");
        for game in command.fields() {
            assert!(
                listing.contains(&format!("(game ids {}-...):", id_prefix(&game))),
                "{listing}"
            );
            for candidate in words.commands_of(&game) {
                let verb = candidate.verbs[0].join(" ");
                assert!(
                    listing
                        .lines()
                        .any(|l| l.trim_start().starts_with(&format!("{verb} "))
                            || l.trim() == verb
                            || l.trim_start().starts_with(&format!("{verb}  "))),
                    "{verb} in {listing}"
                );
            }
        }
    }

    fn render(template: &str, message: &DynamicMessage, seats: &[&str]) -> String {
        let seats: Vec<String> = seats.iter().map(|s| s.to_string()).collect();
        let mut out = String::new();
        words().render(
            &Template::parse(template).unwrap().parts,
            message,
            &seats,
            Mode::Sentence,
            &mut out,
        );
        out
    }

    /// The template language on a message of the API (`hexfold.v1.catan.MonopolyPlayed`: a seat, an enum and a
    /// list of messages; `TradeCompleted`: counts).
    #[test]
    fn templates_read_fields_seats_sums_choices_and_lists() {
        use crate::proto::v1::catan as c;
        let played = words().dynamic(&c::MonopolyPlayed {
            seat: 1,
            resource: c::Resource::Ore as i32,
            taken: vec![
                c::SeatCount { seat: 0, count: 2 },
                c::SeatCount { seat: 0, count: 0 },
            ],
        });
        let seats = ["ann", "bob", "cat"];
        assert_eq!(
            render("{@seat} took {resource}", &played, &seats),
            "bob took ore"
        );
        assert_eq!(render("{seat} {@seat}", &played, &[]), "1 seat 1");
        assert_eq!(render("{taken}", &played, &seats), "ann 2, ann 0");
        assert_eq!(render("{taken/; }", &played, &seats), "ann 2; ann 0");
        // An item whose fields are all zero is unset.
        assert_eq!(render("{taken:set}", &played, &seats), "ann 2");
        // A list of messages after `@` is indexed by seat.
        assert_eq!(render("{@taken}", &played, &seats), "ann ann 2, bob ann 0");
        assert_eq!(render("{seat+resource}", &played, &seats), "6");
        assert_eq!(render("{seat:letter}{seat}", &played, &seats), "b1");
        assert_eq!(render("{taken?some|none}", &played, &seats), "some");
        assert_eq!(render("{seat=1?one|other}", &played, &seats), "one");
        assert_eq!(render("{seat!=1?one|other}", &played, &seats), "other");
        assert_eq!(
            render("{resource=ore?{resource}!}", &played, &seats),
            "ore!"
        );
        assert_eq!(render("{resource=seat?same}", &played, &seats), "");
        let empty = words().dynamic(&c::MonopolyPlayed::default());
        assert_eq!(render("{taken?some|none}", &empty, &seats), "none");
        assert_eq!(
            render("{@seat} {resource?x|unset}", &empty, &seats),
            "ann unset"
        );
        let completed = words().dynamic(&c::TradeCompleted {
            active: 0,
            partner: 2,
            given: Some(c::Resources {
                wool: 2,
                ore: 1,
                ..Default::default()
            }),
            received: Some(c::Resources::default()),
        });
        // Counts read as words in a sentence, and as the command line types them in a command.
        assert_eq!(
            render(
                "{given} for {received}{received? (something)}",
                &completed,
                &seats
            ),
            "2 wool, 1 ore for nothing"
        );
        let offer = pb::Command {
            game: Some(pb::command::Game::Catan(c::Command {
                command: Some(c::command::Command::OfferTrade(c::OfferTrade {
                    give: Some(c::Resources {
                        wool: 2,
                        ore: 1,
                        ..Default::default()
                    }),
                    receive: Some(c::Resources::default()),
                })),
            })),
        };
        assert_eq!(words().command(&offer), "offer wool:2 ore:1 for nothing");
        for bad in ["{a", "a}", "{a:upper}", "{a b}", "{?x}"] {
            assert!(Template::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_mistyped_verb_gets_the_nearest_one() {
        let known: Vec<String> = [
            "roll",
            "roll-dice",
            "build-road",
            "trade-bank",
            "end",
            "end-turn",
        ]
        .map(String::from)
        .into();
        let hint = |verb: &str| unknown_command(verb, &known).to_string();
        assert!(
            hint("rol").contains("did you mean `roll`?"),
            "{}",
            hint("rol")
        );
        assert!(hint("buidl-road").contains("did you mean `build-road`?"));
        assert!(hint("trade").contains("did you mean `trade-bank`?"));
        assert!(hint("ned").contains("did you mean `end`?"));
        // Nothing is near: no guess, only where the list is.
        assert_eq!(
            hint("fly"),
            "unknown command \"fly\"; `hexfold submit --help` lists them"
        );
    }
}
