//! Engine options as declared (UCI `option name ... type ...`, XBoard `feature
//! option="..."`), and values checked against their declarations.

use crate::EngineError;

/// What kind of value an option takes, with its default and bounds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// `true` or `false`.
    Check {
        /// The default, if declared.
        default: Option<bool>,
    },
    /// An integer between `min` and `max`.
    Spin {
        /// The default, if declared.
        default: Option<i64>,
        /// The least value allowed.
        min: Option<i64>,
        /// The greatest value allowed.
        max: Option<i64>,
    },
    /// One of `vars`.
    Combo {
        /// The default, if declared.
        default: Option<String>,
        /// The values allowed, as the engine wrote them.
        vars: Vec<String>,
    },
    /// An action without a value (`Clear Hash`).
    Button,
    /// Any text of one line (XBoard's `-file` and `-path` options too).
    String {
        /// The default, if declared (`<empty>` in UCI is the empty text).
        default: Option<String>,
    },
}

/// An option the engine declared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOption {
    /// The name, as the engine wrote it.
    pub name: String,
    /// Its kind, default and bounds.
    pub kind: OptionKind,
}

impl EngineOption {
    /// The text to send for `value`: `value` as the declaration allows it (a combo value
    /// in the engine's own spelling, `true`/`false` in lowercase), or an error that names
    /// the option and the value.
    ///
    /// # Errors
    /// [`EngineError::Option`] when the declaration does not allow `value`.
    pub fn check_value(&self, value: &str) -> Result<String, EngineError> {
        let name = &self.name;
        let refuse = |why: String| EngineError::Option(format!("option {name:?}: {why}"));
        if value.contains(['\n', '\r']) {
            return Err(refuse(format!("value {value:?} holds a line break")));
        }
        match &self.kind {
            OptionKind::Check { .. } => match value.to_ascii_lowercase().as_str() {
                "true" => Ok("true".into()),
                "false" => Ok("false".into()),
                _ => Err(refuse(format!(
                    "value {value:?} is not true or false (a check option)"
                ))),
            },
            OptionKind::Spin { min, max, .. } => {
                let n: i64 = value
                    .trim()
                    .parse()
                    .map_err(|_| refuse(format!("value {value:?} is not an integer")))?;
                if min.is_some_and(|min| n < min) || max.is_some_and(|max| n > max) {
                    let lo = min.map_or("-inf".to_owned(), |m| m.to_string());
                    let hi = max.map_or("inf".to_owned(), |m| m.to_string());
                    return Err(refuse(format!("value {n} is outside {lo}..={hi}")));
                }
                Ok(n.to_string())
            }
            OptionKind::Combo { vars, .. } => vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(value))
                .cloned()
                .ok_or_else(|| {
                    refuse(format!(
                        "value {value:?} is not one of {}",
                        vars.iter()
                            .map(|v| format!("{v:?}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ))
                }),
            OptionKind::Button => {
                if value.is_empty() {
                    Ok(String::new())
                } else {
                    Err(refuse(format!("a button takes no value, got {value:?}")))
                }
            }
            OptionKind::String { .. } => Ok(value.to_owned()),
        }
    }

    /// The default as text, if declared (none for buttons).
    pub fn default_value(&self) -> Option<String> {
        match &self.kind {
            OptionKind::Check { default } => default.map(|d| d.to_string()),
            OptionKind::Spin { default, .. } => default.map(|d| d.to_string()),
            OptionKind::Combo { default, .. } | OptionKind::String { default } => default.clone(),
            OptionKind::Button => None,
        }
    }
}

/// The option declared as `name` (UCI and XBoard option names are case-insensitive).
pub(crate) fn find<'a>(options: &'a [EngineOption], name: &str) -> Option<&'a EngineOption> {
    options.iter().find(|o| o.name.eq_ignore_ascii_case(name))
}

/// The error for an undeclared option, with the names that are declared.
pub(crate) fn unknown(options: &[EngineOption], name: &str) -> EngineError {
    let names: Vec<&str> = options.iter().map(|o| o.name.as_str()).collect();
    EngineError::Option(format!(
        "the engine has no option {name:?} (it declares: {})",
        names.join(", ")
    ))
}

/// Reads a UCI `option` line (the text after `option `): `name <words> type <kind>
/// [default <words>] [min <n>] [max <n>] [var <words>]...`. `None` when it is not one.
pub fn parse_uci_option(rest: &str) -> Option<EngineOption> {
    const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
    let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
    for token in rest.split_ascii_whitespace() {
        // `type` and the others are keywords only after the name has begun; a name may
        // hold any word but `type`.
        let in_name = fields.last().is_some_and(|(k, _)| *k == "name");
        if KEYS.contains(&token) && (!in_name || token == "type") {
            fields.push((token, Vec::new()));
        } else if let Some((_, words)) = fields.last_mut() {
            words.push(token);
        } else {
            return None;
        }
    }
    let get = |key: &str| {
        fields
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, words)| words.join(" "))
    };
    let name = get("name").filter(|n| !n.is_empty())?;
    let kind = get("type")?;
    let default = get("default");
    let int = |key: &str| get(key).and_then(|v| v.parse::<i64>().ok());
    let kind = match kind.as_str() {
        "check" => OptionKind::Check {
            default: default.and_then(|d| match d.as_str() {
                "true" => Some(true),
                "false" => Some(false),
                _ => None,
            }),
        },
        "spin" => OptionKind::Spin {
            default: default.and_then(|d| d.parse().ok()),
            min: int("min"),
            max: int("max"),
        },
        "combo" => OptionKind::Combo {
            default,
            vars: fields
                .iter()
                .filter(|(k, _)| *k == "var")
                .map(|(_, words)| words.join(" "))
                .collect(),
        },
        "button" => OptionKind::Button,
        "string" => OptionKind::String {
            default: default.map(|d| if d == "<empty>" { String::new() } else { d }),
        },
        _ => return None,
    };
    Some(EngineOption { name, kind })
}

/// Reads an XBoard option declaration (the value of `feature option="..."`): `<name>
/// -<kind> <default and bounds>`. `None` when it is not one.
pub fn parse_xboard_option(text: &str) -> Option<EngineOption> {
    let kinds = [
        " -check", " -spin", " -slider", " -combo", " -button", " -save", " -reset", " -string",
        " -file", " -path",
    ];
    let (at, kind) = kinds
        .iter()
        .filter_map(|k| text.find(k).map(|at| (at, *k)))
        .min_by_key(|(at, _)| *at)?;
    let name = text[..at].trim().to_owned();
    let args = text[at + kind.len()..].trim();
    let kind = match kind {
        " -check" => OptionKind::Check {
            default: match args {
                "1" => Some(true),
                "0" => Some(false),
                _ => None,
            },
        },
        " -spin" | " -slider" => {
            let mut n = args.split_ascii_whitespace().map(|t| t.parse::<i64>().ok());
            OptionKind::Spin {
                default: n.next().flatten(),
                min: n.next().flatten(),
                max: n.next().flatten(),
            }
        }
        " -combo" => {
            let vars: Vec<String> = args
                .split("///")
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
                .collect();
            // A leading `*` marks the default.
            let default = vars.iter().find(|v| v.starts_with('*')).cloned();
            OptionKind::Combo {
                default: default
                    .map(|d| d.trim_start_matches('*').to_owned())
                    .or_else(|| vars.first().cloned()),
                vars: vars
                    .into_iter()
                    .map(|v| v.trim_start_matches('*').to_owned())
                    .collect(),
            }
        }
        " -button" | " -save" | " -reset" => OptionKind::Button,
        _ => OptionKind::String {
            default: Some(args.to_owned()),
        },
    };
    if name.is_empty() {
        return None;
    }
    Some(EngineOption { name, kind })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_option_kinds() {
        let o = parse_uci_option("name Hash type spin default 16 min 1 max 33554432").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Spin {
                default: Some(16),
                min: Some(1),
                max: Some(33554432)
            }
        );
        assert_eq!(o.check_value("64").unwrap(), "64");
        let e = o.check_value("0").unwrap_err().to_string();
        assert_eq!(e, "option \"Hash\": value 0 is outside 1..=33554432");
        let o = parse_uci_option("name Clear Hash type button").unwrap();
        assert_eq!(
            (o.name.as_str(), &o.kind),
            ("Clear Hash", &OptionKind::Button)
        );
        let o = parse_uci_option("name Debug Log File type string default ").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::String {
                default: Some(String::new())
            }
        );
        let o = parse_uci_option("name SyzygyPath type string default <empty>").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::String {
                default: Some(String::new())
            }
        );
        let o = parse_uci_option("name Ponder type check default false").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Check {
                default: Some(false)
            }
        );
        assert!(o.check_value("yes").is_err());
        assert_eq!(o.check_value("TRUE").unwrap(), "true");
        let o = parse_uci_option(
            "name Style type combo default Normal var Solid var Normal var Risky Play",
        )
        .unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Combo {
                default: Some("Normal".into()),
                vars: vec!["Solid".into(), "Normal".into(), "Risky Play".into()]
            }
        );
        assert_eq!(o.check_value("risky play").unwrap(), "Risky Play");
        assert!(o
            .check_value("Wild")
            .unwrap_err()
            .to_string()
            .contains("not one of \"Solid\", \"Normal\", \"Risky Play\""));
        assert!(parse_uci_option("name X type colour").is_none());
        assert!(parse_uci_option("type spin").is_none());
    }

    #[test]
    fn xboard_option_kinds() {
        let o = parse_xboard_option("Resign Threshold -spin 800 200 1200").unwrap();
        assert_eq!(o.name, "Resign Threshold");
        assert_eq!(
            o.kind,
            OptionKind::Spin {
                default: Some(800),
                min: Some(200),
                max: Some(1200)
            }
        );
        let o = parse_xboard_option("Makruk rules -combo makruk /// Cambodian /// Ai-wok").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Combo {
                default: Some("makruk".into()),
                vars: vec!["makruk".into(), "Cambodian".into(), "Ai-wok".into()]
            }
        );
        let o = parse_xboard_option("Resign -check 0").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::Check {
                default: Some(false)
            }
        );
        assert_eq!(
            parse_xboard_option("Clear Hash -button").unwrap().kind,
            OptionKind::Button
        );
        let o = parse_xboard_option("Dummy String Example -string happy birthday!").unwrap();
        assert_eq!(
            o.kind,
            OptionKind::String {
                default: Some("happy birthday!".into())
            }
        );
    }
}
