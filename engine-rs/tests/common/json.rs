//! A small JSON reader for the shared fixtures (the engine has no dependencies,
//! so its tests bring their own). Enough of JSON for data files: objects,
//! arrays, strings without escapes other than \" and \\, numbers, booleans, null.

#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    pub fn parse(text: &str) -> Json {
        let mut reader = Reader {
            bytes: text.as_bytes(),
            at: 0,
        };
        let value = reader.value();
        reader.skip_space();
        assert_eq!(reader.at, reader.bytes.len(), "trailing text in JSON");
        value
    }

    /// The member `key` of an object; panics with the key's name if absent.
    pub fn get(&self, key: &str) -> &Json {
        self.find(key)
            .unwrap_or_else(|| panic!("fixture lacks \"{key}\""))
    }

    pub fn find(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Object(members) => members.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn list(&self) -> &[Json] {
        match self {
            Json::List(items) => items,
            other => panic!("expected a list, got {other:?}"),
        }
    }

    pub fn number(&self) -> f64 {
        match self {
            Json::Number(n) => *n,
            other => panic!("expected a number, got {other:?}"),
        }
    }

    pub fn text(&self) -> &str {
        match self {
            Json::Text(s) => s,
            other => panic!("expected a string, got {other:?}"),
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn skip_space(&mut self) {
        while self.at < self.bytes.len() && self.bytes[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> u8 {
        self.skip_space();
        *self.bytes.get(self.at).expect("JSON ends too early")
    }

    fn expect(&mut self, byte: u8) {
        assert_eq!(
            self.peek(),
            byte,
            "JSON: expected '{}' at byte {}",
            byte as char,
            self.at
        );
        self.at += 1;
    }

    fn value(&mut self) -> Json {
        match self.peek() {
            b'{' => self.object(),
            b'[' => self.list(),
            b'"' => Json::Text(self.string()),
            b't' => self.word("true", Json::Bool(true)),
            b'f' => self.word("false", Json::Bool(false)),
            b'n' => self.word("null", Json::Null),
            _ => self.number(),
        }
    }

    fn word(&mut self, word: &str, value: Json) -> Json {
        assert!(
            self.bytes[self.at..].starts_with(word.as_bytes()),
            "JSON: bad literal"
        );
        self.at += word.len();
        value
    }

    fn number(&mut self) -> Json {
        let start = self.at;
        while self.at < self.bytes.len() && b"+-.eE0123456789".contains(&self.bytes[self.at]) {
            self.at += 1;
        }
        let text = std::str::from_utf8(&self.bytes[start..self.at]).unwrap();
        Json::Number(
            text.parse()
                .unwrap_or_else(|_| panic!("JSON: bad number {text:?}")),
        )
    }

    fn string(&mut self) -> String {
        self.expect(b'"');
        let mut out = String::new();
        loop {
            match self.bytes[self.at] {
                b'"' => break,
                b'\\' => {
                    self.at += 1;
                    out.push(self.bytes[self.at] as char);
                }
                _ => {
                    let rest = std::str::from_utf8(&self.bytes[self.at..]).unwrap();
                    let c = rest.chars().next().unwrap();
                    out.push(c);
                    self.at += c.len_utf8() - 1;
                }
            }
            self.at += 1;
        }
        self.at += 1;
        out
    }

    fn list(&mut self) -> Json {
        self.expect(b'[');
        let mut items = Vec::new();
        if self.peek() == b']' {
            self.at += 1;
            return Json::List(items);
        }
        loop {
            items.push(self.value());
            if self.peek() == b',' {
                self.at += 1;
            } else {
                self.expect(b']');
                return Json::List(items);
            }
        }
    }

    fn object(&mut self) -> Json {
        self.expect(b'{');
        let mut members = Vec::new();
        if self.peek() == b'}' {
            self.at += 1;
            return Json::Object(members);
        }
        loop {
            self.skip_space();
            let key = self.string();
            self.expect(b':');
            members.push((key, self.value()));
            if self.peek() == b',' {
                self.at += 1;
            } else {
                self.expect(b'}');
                return Json::Object(members);
            }
        }
    }
}
