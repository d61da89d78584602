// Input validator for 猪国杀 (SDOI2010, Luogu P2482), Kattis problem
// package format: reads one test on stdin, exits 42 when it is in the
// statement's exact input format and 43 when it is not, printing every
// deviation as "LINE:COLUMN: message" on stdout (at most 100, then how
// many more).
//
// The exact format: line 1 is "n m" (2 <= n <= 10, 1 <= m <= 2000, plain
// digits), then n lines "ROLE c1 c2 c3 c4" (pig 1 is MP, no other pig is
// MP, at least one pig is FP), then one line of exactly m cards; cards
// are P K D F N W J Z; tokens separated by single spaces; LF line ends, a
// final newline, nothing after it. Columns count characters (UTF-8).
//
// This is a port of `pigkill validate` (engine/src/validate.rs) that needs
// nothing but a C++17 compiler: the same checks, in the same order, with
// the same messages (tokens shown escaped as Rust's escape_debug does for
// ASCII and the common invisible Unicode characters).
//
// Written by pigkill; SDOI2010's problem, our code.

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace {

const std::size_t MAX_DEVIATIONS = 100;
const std::uint64_t MAX_VALIDATED_BYTES = 1u << 20;
const std::size_t TOKEN_KEEP = 32;
const int MIN_PIGS = 2, MAX_PIGS = 10, MIN_DECK = 1, MAX_DECK = 2000;

std::string data;

struct Pos {
    std::size_t line, column;
};
bool operator<(const Pos &a, const Pos &b) {
    return a.line != b.line ? a.line < b.line : a.column < b.column;
}

bool isSpace(unsigned char b) {
    return b == ' ' || b == '\t' || b == '\n' || b == 0x0b || b == 0x0c || b == '\r';
}
bool startsChar(unsigned char b) { return (b & 0xC0) != 0x80; }

// UTF-8 as Rust's str::from_utf8 checks it: 0 valid, 1 an invalid byte
// sequence, 2 a valid prefix cut by the end; validUpTo where it stops.
int utf8Check(const std::string &s, std::size_t &validUpTo) {
    std::size_t i = 0, n = s.size();
    auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
    while (i < n) {
        unsigned char c = at(i);
        validUpTo = i;
        if (c < 0x80) {
            i++;
            continue;
        }
        int width = (c >= 0xC2 && c <= 0xDF) ? 2 : (c >= 0xE0 && c <= 0xEF) ? 3 : (c >= 0xF0 && c <= 0xF4) ? 4 : 0;
        if (width == 0) return 1;
        unsigned char lo = 0x80, hi = 0xBF;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
        for (int k = 1; k < width; k++) {
            if (i + k >= n) return 2;
            unsigned char b = at(i + k);
            if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return 1;
        }
        i += width;
    }
    validUpTo = n;
    return 0;
}

// A code point Rust's char::escape_debug writes as \u{...}: controls, and
// the invisible format characters and combining marks met in real data.
bool escaped(std::uint32_t c) {
    return c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xAD || (c >= 0x300 && c <= 0x36F) ||
           (c >= 0x200B && c <= 0x200F) || (c >= 0x2028 && c <= 0x202E) ||
           (c >= 0x2060 && c <= 0x2064) || c == 0xFEFF || (c >= 0xFFF9 && c <= 0xFFFB);
}

// A run of bytes of the input: a token or whitespace.
struct Run {
    Pos position, end;
    std::size_t start = 0, len = 0;

    std::string kept() const { return data.substr(start, std::min(len, TOKEN_KEEP)); }
    bool truncated() const { return len > TOKEN_KEEP; }
    // Its text, when kept whole and valid UTF-8.
    std::optional<std::string> text() const {
        std::size_t up;
        if (truncated() || utf8Check(kept(), up) != 0) return std::nullopt;
        return kept();
    }
    // Its text for a message, escaped, "..." when cut.
    std::string shown() const {
        std::string k = kept(), out;
        std::size_t up = 0;
        int status = utf8Check(k, up);
        std::string valid = status == 0 ? k : k.substr(0, up);
        for (std::size_t i = 0; i < valid.size();) {
            unsigned char c = valid[i];
            int width = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
            std::uint32_t cp = width == 1 ? c : width == 2 ? (c & 0x1F) : width == 3 ? (c & 0x0F) : (c & 0x07);
            for (int j = 1; j < width; j++) cp = (cp << 6) | (static_cast<unsigned char>(valid[i + j]) & 0x3F);
            if (cp == 0) out += "\\0";
            else if (cp == '\t') out += "\\t";
            else if (cp == '\r') out += "\\r";
            else if (cp == '\n') out += "\\n";
            else if (cp == '\\') out += "\\\\";
            else if (cp == '\'') out += "\\'";
            else if (cp == '"') out += "\\\"";
            else if (escaped(cp)) {
                char buf[16];
                std::snprintf(buf, sizeof buf, "\\u{%x}", static_cast<unsigned>(cp));
                out += buf;
            } else out += valid.substr(i, width);
            i += width;
        }
        // What is left is a valid prefix cut by the keep limit (an invalid
        // sequence is reported before any message shows the token).
        if (status != 0) out += "\xEF\xBF\xBD";
        if (truncated()) out += "...";
        return out;
    }
    // Where its first byte that is not UTF-8 is, if any.
    std::optional<Pos> invalidUtf8() const {
        std::string k = kept();
        std::size_t up = 0;
        if (utf8Check(k, up) != 1) return std::nullopt;
        std::size_t chars = 0;
        for (std::size_t i = 0; i < up; i++) chars += startsChar(k[i]);
        return Pos{position.line, position.column + chars};
    }
};

enum class ItemKind { Token, Gap, LineEnd, End };
struct Item {
    ItemKind kind;
    Run run;        // Token, Gap
    Pos position;   // LineEnd, End
    bool crlf = false;
};

// The lexer: tokens, whitespace runs and line ends, with positions.
struct Lexer {
    std::size_t offset = 0;
    Pos next{1, 1};
    std::optional<Item> pending;

    void bump(unsigned char b) {
        offset++;
        if (b == '\n') {
            next = Pos{next.line + 1, 1};
        } else if (startsChar(b)) {
            next.column++;
        }
    }

    Item nextItem() {
        if (pending) {
            Item item = *pending;
            pending.reset();
            return item;
        }
        Pos position = next;
        if (offset >= data.size()) return Item{ItemKind::End, Run{}, position};
        unsigned char first = data[offset];
        if (first == '\n') {
            bump(first);
            return Item{ItemKind::LineEnd, Run{}, position, false};
        }
        bool space = isSpace(first);
        Run run;
        run.position = position;
        run.start = offset;
        unsigned char last = first;
        while (offset < data.size()) {
            unsigned char b = data[offset];
            if (isSpace(b) != space || b == '\n') break;
            last = b;
            bump(b);
        }
        run.len = offset - run.start;
        run.end = next;
        Pos lastPos{run.end.line, run.end.column > 0 ? run.end.column - 1 : 0};
        if (!space) return Item{ItemKind::Token, run, position};
        // A \r right before \n belongs to the line end, not the gap.
        if (last == '\r' && offset < data.size() && data[offset] == '\n') {
            bump('\n');
            Item lineEnd{ItemKind::LineEnd, Run{}, lastPos, true};
            if (run.len == 1) return lineEnd;
            pending = lineEnd;
            run.len -= 1;
            run.end = lastPos;
        }
        return Item{ItemKind::Gap, run, position};
    }

    struct Skimmed {
        std::optional<Pos> first;
        std::uint64_t tokens = 0;
        bool complete = false;
    };

    // Counts the tokens from here to the end, reading at most limit bytes.
    Skimmed skim(std::uint64_t limit) {
        pending.reset();
        std::size_t stop = offset + limit;
        Skimmed skimmed;
        for (;;) {
            if (offset >= stop) return skimmed;
            if (offset >= data.size()) {
                skimmed.complete = true;
                return skimmed;
            }
            unsigned char b = data[offset];
            if (!isSpace(b)) break;
            bump(b);
        }
        skimmed.first = next;
        bool inToken = false;
        std::size_t end = std::min(data.size(), stop);
        for (; offset < end; offset++) {
            bool space = isSpace(data[offset]);
            if (!space && !inToken) skimmed.tokens++;
            inToken = !space;
        }
        skimmed.complete = offset >= data.size();
        return skimmed;
    }
};

struct Deviation {
    Pos position;
    std::string message;
};

enum class Expect { Header, Pig, Deck };

struct Line {
    Pos start, end;
    std::uint64_t tokens = 0;
    std::optional<Pos> extra;
    bool newline = false, stopped = false;
};

struct Validator {
    Lexer lexer;
    std::vector<Deviation> deviations;
    std::uint64_t omitted = 0;
    std::optional<std::size_t> n, m;
    bool readable = true;
    std::vector<std::string> pigRoles;  // the roles of the pigs read whole
    std::optional<std::string> role;
    std::optional<char> hand[4];

    void deviate(Pos position, const std::string &message) {
        if (deviations.size() < MAX_DEVIATIONS) {
            deviations.push_back(Deviation{position, message});
        } else {
            omitted++;
        }
    }

    void fault(Pos position, const std::string &message) {
        readable = false;
        deviate(position, message);
    }

    static std::string missingLine(const std::string &expected) {
        return "the text ends here, expected " + expected;
    }

    std::string describe(Expect expect, std::size_t pig) const {
        switch (expect) {
        case Expect::Header:
            return "the line 'n m'";
        case Expect::Pig:
            return "the line of pig " + std::to_string(pig) + ": its role and 4 cards";
        case Expect::Deck:
        default:
            return m ? "the deck line of " + std::to_string(*m) + " cards" : "the deck line";
        }
    }

    void run() {
        Expect expect = Expect::Header;
        std::size_t pig = 0;
        std::optional<Pos> firstPig;
        for (;;) {
            Line line = readLine(expect, pig);
            if (line.stopped) {
                readable = false;
                deviate(line.end,
                        "the file is longer than 1 MiB (a valid game is under 5 KB); the rest is not checked");
                return;
            }
            if (line.tokens == 0) {
                std::string expected = describe(expect, pig);
                readable = readable && line.newline;
                if (!line.newline) {
                    deviate(line.end, missingLine(expected));
                    return;
                }
                deviate(line.start, "a blank line, expected " + expected);
                continue;
            }
            checkCount(expect, line);
            switch (expect) {
            case Expect::Header:
                if (!n) {
                    deviate(line.end, "the pig count n is unknown; the rest is not checked");
                    return;
                }
                expect = Expect::Pig;
                pig = 1;
                break;
            case Expect::Pig:
                endPig(line);
                if (pig == 1) firstPig = line.start;
                if (pig == *n) {
                    bool rebel = std::find(pigRoles.begin(), pigRoles.end(), "FP") != pigRoles.end();
                    if (!rebel && readable) {
                        deviate(firstPig ? *firstPig : line.start,
                                "no pig is FP: the statement's data always has one (MP would win before any turn)");
                    }
                    expect = Expect::Deck;
                } else {
                    pig++;
                }
                break;
            case Expect::Deck:
                if (line.newline) {
                    tail();
                } else {
                    deviate(line.end, "the file ends without a newline, expected one after the deck line");
                }
                return;
            }
            if (!line.newline) {
                readable = false;
                deviate(line.end, missingLine(describe(expect, pig)));
                return;
            }
        }
    }

    void checkCount(Expect expect, const Line &line) {
        std::size_t expected;
        std::string what;
        switch (expect) {
        case Expect::Header:
            expected = 2;
            what = "the pig count n and the deck size m";
            break;
        case Expect::Pig:
            expected = 5;
            what = "a role and 4 cards";
            break;
        case Expect::Deck:
        default:
            if (!m) return;
            expected = *m;
            what = "the deck size m from line 1";
            break;
        }
        if (line.tokens != expected) {
            readable = false;
            deviate(line.extra ? *line.extra : line.end,
                    "found " + std::to_string(line.tokens) + " tokens, expected " + std::to_string(expected) + " (" +
                        what + ")");
        }
    }

    void endPig(const Line &line) {
        bool whole = role && hand[0] && hand[1] && hand[2] && hand[3] && line.tokens == 5;
        if (whole) {
            pigRoles.push_back(*role);
        } else {
            readable = false;
        }
        role.reset();
        for (auto &card : hand) card.reset();
    }

    Line readLine(Expect expect, std::size_t pig) {
        Line line;
        line.start = lexer.next;
        line.end = line.start;
        std::optional<std::size_t> expected;
        if (expect == Expect::Header) expected = 2;
        if (expect == Expect::Pig) expected = 5;
        if (expect == Expect::Deck) expected = m;
        std::optional<Run> gap;
        for (;;) {
            if (lexer.offset > MAX_VALIDATED_BYTES) {
                line.stopped = true;
                line.end = lexer.next;
                return line;
            }
            Item item = lexer.nextItem();
            switch (item.kind) {
            case ItemKind::Gap:
                gap = item.run;
                break;
            case ItemKind::Token:
                if (gap) {
                    if (line.tokens == 0) {
                        deviate(gap->position, "whitespace \"" + gap->shown() + "\" starts the line, expected a token");
                    } else if (gap->kept() != " ") {
                        deviate(gap->position,
                                "whitespace \"" + gap->shown() + "\" between tokens, expected a single space");
                    }
                    gap.reset();
                }
                if (expected && *expected == line.tokens) line.extra = item.run.position;
                token(expect, pig, line.tokens, item.run);
                line.tokens++;
                break;
            case ItemKind::LineEnd:
                lineEnd(line, gap);
                if (item.crlf) deviate(item.position, "a CRLF line end, expected LF only");
                line.end = item.position;
                line.newline = true;
                return line;
            case ItemKind::End:
                lineEnd(line, gap);
                line.end = item.position;
                return line;
            }
        }
    }

    void lineEnd(const Line &line, const std::optional<Run> &gap) {
        if (gap && line.tokens > 0) {
            deviate(gap->position, "whitespace \"" + gap->shown() + "\" ends the line, expected the line end");
        }
    }

    // A UTF-8 fault of the token, reported; true when there was one.
    bool utf8Fault(const Run &token) {
        if (auto at = token.invalidUtf8()) {
            fault(*at, "invalid UTF-8, expected plain text");
            return true;
        }
        return false;
    }

    static bool isCard(const std::string &t) { return t.size() == 1 && std::string("PKDFNWJZ").find(t[0]) != std::string::npos; }
    static bool isRole(const std::string &t) { return t == "MP" || t == "ZP" || t == "FP"; }

    std::optional<std::size_t> count(const Run &token, const std::string &what, int min, int max) {
        if (utf8Fault(token)) return std::nullopt;
        std::string kept = token.kept();
        bool digits = !kept.empty() && std::all_of(kept.begin(), kept.end(), [](char c) { return c >= '0' && c <= '9'; });
        if (!digits) {
            fault(token.position, what + " '" + token.shown() + "' is not a whole number");
            return std::nullopt;
        }
        std::uint64_t value = UINT64_MAX;
        if (auto text = token.text()) {
            std::uint64_t v = 0;
            bool overflow = false;
            for (char c : *text) {
                std::uint64_t d = static_cast<std::uint64_t>(c - '0');
                if (v > (UINT64_MAX - d) / 10) {
                    overflow = true;
                    break;
                }
                v = v * 10 + d;
            }
            if (!overflow) value = v;
        }
        if (value < static_cast<std::uint64_t>(min) || value > static_cast<std::uint64_t>(max)) {
            fault(token.position, what + " " + std::to_string(value) + " is out of range, expected " + std::to_string(min) +
                                      " to " + std::to_string(max));
            return std::nullopt;
        }
        return static_cast<std::size_t>(value);
    }

    std::optional<char> card(const Run &token, const std::string &expected) {
        if (utf8Fault(token)) return std::nullopt;
        std::string text = token.text().value_or("");
        if (isCard(text)) return text[0];
        if (isRole(text)) {
            fault(token.position,
                  "found role '" + text + "', expected " + expected + " (each pig is a role and 4 cards)");
        } else {
            fault(token.position, "unknown card '" + token.shown() + "', expected one of P K D F N W J Z");
        }
        return std::nullopt;
    }

    std::optional<std::string> seatRole(const Run &token, std::size_t pig) {
        if (utf8Fault(token)) return std::nullopt;
        std::string text = token.text().value_or("");
        if (isRole(text)) {
            if ((pig == 1) == (text == "MP")) return text;
            if (pig == 1) {
                fault(token.position, "pig 1 is " + text + ", expected MP");
            } else {
                fault(token.position, "pig " + std::to_string(pig) + " is a second MP, expected ZP or FP");
            }
        } else if (isCard(text)) {
            fault(token.position, "found card '" + text + "', expected the role of pig " + std::to_string(pig) +
                                      " (each pig is a role and 4 cards)");
        } else {
            fault(token.position, "unknown role '" + token.shown() + "', expected MP, ZP or FP");
        }
        return std::nullopt;
    }

    void token(Expect expect, std::size_t pig, std::uint64_t index, const Run &token) {
        switch (expect) {
        case Expect::Header: {
            if (index > 1) return;
            std::string what = index == 0 ? "pig count n" : "deck size m";
            auto value = index == 0 ? count(token, what, MIN_PIGS, MAX_PIGS) : count(token, what, MIN_DECK, MAX_DECK);
            if (!value) return;
            std::string kept = token.kept();
            if (kept.size() > 1 && kept[0] == '0') deviate(token.position, what + " has a leading zero, expected plain digits");
            if (index == 0) n = value;
            else m = value;
            return;
        }
        case Expect::Pig:
            if (index == 0) {
                role = seatRole(token, pig);
            } else if (index <= 4) {
                hand[index - 1] = card(token, "card " + std::to_string(index) + " of pig " + std::to_string(pig));
            }
            return;
        case Expect::Deck:
            if (!m || index < *m) card(token, "deck card " + std::to_string(index + 1));
            return;
        }
    }

    void tail() {
        Pos start = lexer.next;
        std::size_t before = lexer.offset;
        Lexer::Skimmed skimmed = lexer.skim(MAX_VALIDATED_BYTES);
        if (skimmed.first) {
            deviate(*skimmed.first, std::string(skimmed.complete ? "" : "at least ") + std::to_string(skimmed.tokens) +
                                        " tokens after the deck line (the judge's reading ignores them), expected the end of the file");
        } else if (lexer.offset > before) {
            deviate(start, "blank lines or whitespace after the deck line, expected the end of the file");
        }
    }
};

}  // namespace

int main() {
    std::ios::sync_with_stdio(false);
    data.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    Validator validator;
    validator.run();
    // A line's token count is checked at its end: put it in text order.
    std::stable_sort(validator.deviations.begin(), validator.deviations.end(),
                     [](const Deviation &a, const Deviation &b) { return a.position < b.position; });
    for (const Deviation &d : validator.deviations) {
        std::cout << d.position.line << ':' << d.position.column << ": " << d.message << '\n';
    }
    if (validator.omitted > 0) std::cout << validator.omitted << " more deviations not listed\n";
    std::cout.flush();
    return validator.deviations.empty() && validator.omitted == 0 ? 42 : 43;
}
