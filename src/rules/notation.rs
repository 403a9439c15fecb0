//! The text notation of decisions, used in logs, the move list and the engine:
//!
//! | decision | text |
//! |---|---|
//! | sow a pit (CCW) | `3,0` (row, column of the grid) |
//! | Omweso reverse capture | `2,1 cw` |
//! | Omweso opening three | `3,2 three` |
//! | Omweso mid-turn direction | `ccw` or `cw` |
//! | Nsolo strip one seed | `strip 0,3` |
//! | Nsolo stop stripping | `strip end` |
//! | Omweso free set-up | `arrange 0,0,0,0,0,0,0,0/4,4,4,4,4,4,4,4` (own rows, top first) |
//! | Omweso next game | `next game` |
//! | resign / time out | `resign` / `time out` |

use super::{Decision, Direction, Pit, shorten};

/// The text form of a decision.
pub fn to_text(d: &Decision) -> String {
    let pit = |p: &Pit| format!("{},{}", p.row, p.col);
    match d {
        Decision::Sow(p) => pit(p),
        Decision::Reverse(p) => format!("{} cw", pit(p)),
        Decision::OpeningThree(p) => format!("{} three", pit(p)),
        Decision::Direction(Direction::Ccw) => "ccw".into(),
        Decision::Direction(Direction::Cw) => "cw".into(),
        Decision::Strip(p) => format!("strip {}", pit(p)),
        Decision::EndStrip => "strip end".into(),
        Decision::Arrange(rows) => {
            let rows: Vec<String> = rows
                .iter()
                .map(|r| {
                    r.iter()
                        .map(|n| n.to_string())
                        .collect::<Vec<_>>()
                        .join(",")
                })
                .collect();
            format!("arrange {}", rows.join("/"))
        }
        Decision::NextGame => "next game".into(),
        Decision::Resign => "resign".into(),
        Decision::TimeOut => "time out".into(),
    }
}

fn parse_pit(s: &str) -> Result<Pit, String> {
    let s = s
        .trim()
        .trim_start_matches(['(', '['])
        .trim_end_matches([')', ']']);
    let (r, c) = s
        .split_once(',')
        .ok_or_else(|| format!("`{}` is not a pit (write row,column)", shorten(s)))?;
    let num = |x: &str| {
        x.trim()
            .parse::<u8>()
            .map_err(|_| format!("`{}` is not a row or column number", shorten(x)))
    };
    Ok(Pit::new(num(r)?, num(c)?))
}

/// Parses the text form of a decision.
pub fn from_text(text: &str) -> Result<Decision, String> {
    let t = text.trim().to_ascii_lowercase();
    let t = t.split_whitespace().collect::<Vec<_>>().join(" ");
    Ok(match t.as_str() {
        "ccw" => Decision::Direction(Direction::Ccw),
        "cw" => Decision::Direction(Direction::Cw),
        "strip end" => Decision::EndStrip,
        "next game" => Decision::NextGame,
        "resign" => Decision::Resign,
        "time out" => Decision::TimeOut,
        _ => {
            if let Some(rest) = t.strip_prefix("strip ") {
                Decision::Strip(parse_pit(rest)?)
            } else if let Some(rest) = t.strip_prefix("arrange ") {
                let rows = rest
                    .split('/')
                    .map(|r| {
                        r.split(',')
                            .map(|n| {
                                n.trim()
                                    .parse::<u8>()
                                    .map_err(|_| format!("`{}` is not a seed count", shorten(n)))
                            })
                            .collect::<Result<Vec<u8>, String>>()
                    })
                    .collect::<Result<Vec<_>, String>>()?;
                Decision::Arrange(rows)
            } else if let Some(p) = t.strip_suffix(" cw") {
                Decision::Reverse(parse_pit(p)?)
            } else if let Some(p) = t.strip_suffix(" three") {
                Decision::OpeningThree(parse_pit(p)?)
            } else if let Some(p) = t.strip_suffix(" ccw") {
                Decision::Sow(parse_pit(p)?)
            } else {
                Decision::Sow(parse_pit(&t)?)
            }
        }
    })
}

impl std::fmt::Display for Decision {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&to_text(self))
    }
}

impl std::str::FromStr for Decision {
    type Err = String;
    fn from_str(s: &str) -> Result<Decision, String> {
        from_text(s)
    }
}
