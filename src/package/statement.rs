//! The problem statement the packages carry: one English text written from
//! `rules.md` in our own words (`statement.md` beside this file, a small
//! subset of Markdown: `## ` headings, paragraphs, `- ` bullet lines and
//! `` `code` ``), rendered as Markdown for Hydro's `problem.md` (with the
//! sample) and as LaTeX for the Kattis `problem_statement/problem.en.tex`
//! (problemtools adds the sample from `data/sample` itself).

/// The statement's text (Markdown subset, see the module docs).
pub const STATEMENT: &str = include_str!("statement.md");

/// The English name of the problem, as the statements title it.
pub const ENGLISH_NAME: &str = "Pig Kill";

/// One block of the statement.
enum Block<'a> {
    Heading(&'a str),
    Paragraph(Vec<&'a str>),
    Bullets(Vec<String>),
}

/// The statement cut into blocks at blank lines.
fn blocks(text: &str) -> Vec<Block<'_>> {
    let mut blocks = Vec::new();
    for chunk in text.split("\n\n") {
        let lines: Vec<&str> = chunk.lines().filter(|l| !l.trim().is_empty()).collect();
        let Some(first) = lines.first() else {
            continue;
        };
        if let Some(heading) = first.strip_prefix("## ") {
            blocks.push(Block::Heading(heading));
        } else if first.starts_with("- ") {
            // A bullet may run over several lines: a line that does not
            // start with "- " continues the one before.
            let mut items: Vec<String> = Vec::new();
            for line in lines {
                match line.strip_prefix("- ") {
                    Some(item) => items.push(item.to_string()),
                    None => {
                        if let Some(last) = items.last_mut() {
                            last.push(' ');
                            last.push_str(line.trim());
                        }
                    }
                }
            }
            blocks.push(Block::Bullets(items));
        } else {
            blocks.push(Block::Paragraph(lines));
        }
    }
    blocks
}

/// Hydro's `problem.md`: the statement, then the sample as Hydro shows
/// samples (fenced blocks `input1` and `output1`).
pub fn markdown(sample_in: &str, sample_out: &str) -> String {
    format!(
        "{}\n## Sample\n\n```input1\n{}```\n\n```output1\n{}```\n",
        STATEMENT,
        with_newline(sample_in),
        with_newline(sample_out)
    )
}

fn with_newline(text: &str) -> String {
    if text.ends_with('\n') {
        text.to_string()
    } else {
        format!("{text}\n")
    }
}

/// The Kattis `problem.en.tex`: `\problemname`, then the statement in
/// LaTeX (problemtools appends the samples of `data/sample`).
pub fn latex() -> String {
    let mut tex = format!("\\problemname{{{}}}\n", escape_tex(ENGLISH_NAME));
    for block in blocks(STATEMENT) {
        tex.push('\n');
        match block {
            Block::Heading(h) => tex.push_str(&format!("\\section*{{{}}}\n", inline_tex(h))),
            Block::Paragraph(lines) => {
                for line in lines {
                    tex.push_str(&inline_tex(line));
                    tex.push('\n');
                }
            }
            Block::Bullets(items) => {
                tex.push_str("\\begin{itemize}\n");
                for item in items {
                    tex.push_str(&format!("  \\item {}\n", inline_tex(&item)));
                }
                tex.push_str("\\end{itemize}\n");
            }
        }
    }
    tex
}

/// A line of the statement in LaTeX: `` `code` `` as `\texttt`, the rest escaped.
fn inline_tex(line: &str) -> String {
    line.split('`')
        .enumerate()
        .map(|(i, piece)| {
            if i % 2 == 1 {
                format!("\\texttt{{{}}}", escape_tex(piece))
            } else {
                escape_tex(piece)
            }
        })
        .collect()
}

/// Text with LaTeX's special characters written as themselves.
fn escape_tex(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\textbackslash{}"),
            '{' | '}' | '$' | '&' | '#' | '_' | '%' => {
                out.push('\\');
                out.push(c);
            }
            '^' => out.push_str("\\textasciicircum{}"),
            '~' => out.push_str("\\textasciitilde{}"),
            '<' => out.push_str("\\textless{}"),
            '>' => out.push_str("\\textgreater{}"),
            _ => out.push(c),
        }
    }
    out
}
