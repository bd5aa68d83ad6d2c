//! Headless Chromium driven over the DevTools protocol, for the web app's tests: the browser is started with
//! `--remote-debugging-pipe`, which reads commands on its file descriptor 3 and writes answers and events on 4, each
//! message one JSON text ended by a NUL byte. A shell started in front of it maps those two descriptors onto the
//! pipes of its standard input and output, so the test needs neither `unsafe` nor a new crate.
//!
//! Clicks are real input events (`Input.dispatchMouseEvent`) at the centre of an element's box; the page's state is
//! read, and waited for, with `Runtime.evaluate` of an awaited promise. Screenshots go under `target/web-artefacts/`.
//! What the page's console shows (the browser's own messages, such as a refused load or a Content-Security-Policy
//! violation, the page's `console.error` and `console.warn`, and uncaught exceptions) is kept for
//! [`Browser::console`].

use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, Command};
use tokio::sync::oneshot;

/// The page's size: wide enough for the board and the side panel side by side.
pub const VIEWPORT: (u32, u32) = (1400, 1000);

/// The longest any one protocol call may take (an awaited page promise included) before the test fails.
const CALL_TIMEOUT: Duration = Duration::from_secs(60);

type Replies = Arc<Mutex<HashMap<u64, oneshot::Sender<Value>>>>;

/// The console messages seen so far, as the protocol's events' parameters.
type Console = Arc<Mutex<Vec<Value>>>;

/// One browser with one page attached.
pub struct Browser {
    child: Child,
    input: ChildStdin,
    replies: Replies,
    console: Console,
    next_id: u64,
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts Chromium and opens a page (blank until [`Browser::open`]).
    pub async fn launch() -> Browser {
        let profile = tempfile::tempdir().unwrap();
        // Flags as the machine's notes give them for headless Chromium as root on a closed network.
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(r#"exec chromium "$@" 3<&0 4>&1 </dev/null >/dev/null 2>/dev/null"#)
            .arg("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--remote-debugging-pipe",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .expect("chromium must be installed (CI runs `apt-get install chromium`)");
        let input = child.stdin.take().unwrap();
        let output = child.stdout.take().unwrap();
        let replies: Replies = Arc::default();
        let pending = Arc::clone(&replies);
        let console: Console = Arc::default();
        let seen = Arc::clone(&console);
        // Answers go to whoever waits for their id; of the events, the console's are kept and the rest dropped.
        tokio::spawn(async move {
            let mut output = BufReader::new(output);
            let mut message = Vec::new();
            while output.read_until(0, &mut message).await.unwrap_or(0) > 0 {
                if message.last() == Some(&0) {
                    message.pop();
                }
                if let Ok(value) = serde_json::from_slice::<Value>(&message) {
                    if let Some(id) = value.get("id").and_then(Value::as_u64) {
                        if let Some(waiter) = pending.lock().unwrap().remove(&id) {
                            let _ = waiter.send(value);
                        }
                    } else if let Some(entry) = console_message(&value) {
                        seen.lock().unwrap().push(entry);
                    }
                }
                message.clear();
            }
        });
        let mut browser = Browser {
            child,
            input,
            replies,
            console,
            next_id: 0,
            session: String::new(),
            _profile: profile,
        };
        let target = browser
            .send(None, "Target.createTarget", json!({ "url": "about:blank" }))
            .await;
        let attached = browser
            .send(
                None,
                "Target.attachToTarget",
                json!({ "targetId": target["targetId"], "flatten": true }),
            )
            .await;
        browser.session = attached["sessionId"].as_str().unwrap().to_string();
        browser.call("Page.enable", json!({})).await;
        browser.call("Log.enable", json!({})).await;
        browser.call("Runtime.enable", json!({})).await;
        browser
            .call(
                "Emulation.setDeviceMetricsOverride",
                json!({ "width": VIEWPORT.0, "height": VIEWPORT.1, "deviceScaleFactor": 1, "mobile": false }),
            )
            .await;
        browser
    }

    /// The console messages of the page so far: `{"level", "text", "url"}` each.
    pub fn console(&self) -> Vec<Value> {
        self.console.lock().unwrap().clone()
    }

    /// Sends one protocol command (to the page's session, or to the browser) and returns its result.
    async fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        let (tx, rx) = oneshot::channel();
        self.replies.lock().unwrap().insert(id, tx);
        let mut bytes = serde_json::to_vec(&message).unwrap();
        bytes.push(0);
        self.input
            .write_all(&bytes)
            .await
            .expect("write to chromium");
        let reply = tokio::select! {
            reply = rx => reply.expect("chromium closed its pipe"),
            status = self.child.wait() => panic!("chromium exited during {method}: {status:?}"),
            _ = tokio::time::sleep(CALL_TIMEOUT) => panic!("{method} took over {CALL_TIMEOUT:?}"),
        };
        if let Some(error) = reply.get("error") {
            panic!("{method} failed: {error}");
        }
        reply["result"].clone()
    }

    /// A command to the page.
    pub async fn call(&mut self, method: &str, params: Value) -> Value {
        let session = self.session.clone();
        self.send(Some(&session), method, params).await
    }

    /// Evaluates `expression` in the page, awaiting it if it is a promise, and returns its value as JSON; an
    /// exception fails the test.
    pub async fn eval(&mut self, expression: &str) -> Value {
        let result = self
            .call(
                "Runtime.evaluate",
                json!({ "expression": expression, "awaitPromise": true, "returnByValue": true }),
            )
            .await;
        if let Some(exception) = result.get("exceptionDetails") {
            panic!("the page threw evaluating {expression}: {exception}");
        }
        result["result"]["value"].clone()
    }

    /// Loads `url` and waits until its script has run and everything it asked the server for is drawn.
    pub async fn open(&mut self, url: &str) {
        self.call("Page.navigate", json!({ "url": url })).await;
        self.settle_after_load().await;
    }

    /// Waits for the page's load event (module scripts have run by then) and for the page to settle.
    pub async fn settle_after_load(&mut self) {
        self.eval(
            "new Promise((resolve) => document.readyState === 'complete' ? resolve() : \
             addEventListener('load', () => resolve())).then(() => window.hexfold.settled())",
        )
        .await;
    }

    /// Clicks the element `selector` names with the mouse, at the centre of its box, once it is scrolled into
    /// view; fails if something else is on top there.
    pub async fn click(&mut self, selector: &str) {
        let selector_json = serde_json::to_string(selector).unwrap();
        let at = self
            .eval(&format!(
                "(() => {{ const el = document.querySelector({selector_json}); if (!el) return null; \
                 el.scrollIntoView({{ block: 'nearest', inline: 'nearest' }}); \
                 const r = el.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2; \
                 const hit = document.elementFromPoint(x, y); \
                 return {{ x, y, hit: hit === el || el.contains(hit) }}; }})()"
            ))
            .await;
        assert!(!at.is_null(), "nothing matches {selector}");
        assert_eq!(at["hit"], true, "{selector} is covered at its centre: {at}");
        for kind in ["mousePressed", "mouseReleased"] {
            self.call(
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": at["x"], "y": at["y"], "button": "left", "clickCount": 1 }),
            )
            .await;
        }
    }

    /// Saves a screenshot of the page as `target/web-artefacts/<name>.png` and returns its path and PNG bytes.
    pub async fn screenshot(&mut self, name: &str) -> (PathBuf, Vec<u8>) {
        use base64::Engine as _;
        let shot = self
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        let png = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().expect("screenshot data"))
            .expect("base64 screenshot");
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/web-artefacts");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.png"));
        std::fs::write(&path, &png).unwrap();
        (path, png)
    }
}

/// A console message from a protocol event, if it is one: the browser's own (`Log.entryAdded`), the page's
/// `console.error`/`console.warn`, or an uncaught exception.
fn console_message(event: &Value) -> Option<Value> {
    let params = &event["params"];
    match event["method"].as_str()? {
        "Log.entryAdded" => {
            let entry = &params["entry"];
            Some(json!({ "level": entry["level"], "text": entry["text"], "url": entry["url"] }))
        }
        "Runtime.consoleAPICalled" => {
            let level = params["type"].as_str()?;
            let text: Vec<String> = params["args"]
                .as_array()?
                .iter()
                .map(|a| {
                    a["value"]
                        .as_str()
                        .map_or_else(|| a.to_string(), str::to_string)
                })
                .collect();
            matches!(level, "error" | "warning" | "assert")
                .then(|| json!({ "level": level, "text": text.join(" "), "url": null }))
        }
        "Runtime.exceptionThrown" => {
            let details = &params["exceptionDetails"];
            Some(json!({ "level": "error", "text": details["text"], "url": details["url"] }))
        }
        _ => None,
    }
}

/// A PNG's width and height from its header, after checking its signature: the structural check of a screenshot.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(&png[12..16], b"IHDR", "a PNG starts with its header");
    let word = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}
