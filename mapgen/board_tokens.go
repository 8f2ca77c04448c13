package mapgen

import (
	"math"
	"strconv"
	"strings"
)

// The board tokenizer: a .board file is read as a stream of tokens, the
// way MegaMek's board loader reads it through Java's StreamTokenizer with
// its default syntax table plus a few settings. What that means, learnt
// from MegaMek's loader and Java's tokenizer:
//
//   - whitespace is every byte up to and including the space; a line ends
//     at \n, \r or \r\n, and the end of a line is a token of its own;
//   - '/' and '#' start a comment that runs to the end of the line (the
//     slash is the tokenizer's default comment character; MegaMek adds '#');
//   - '"' and '\” both quote. A quoted string ends at its closing quote,
//     or else at the end of the line (or file): an unclosed string is not
//     an error. A backslash takes the next character literally, apart from
//     the escapes \a \b \f \n \r \t \v and octal \0–\377; a backslash before
//     a line break keeps the break inside the string;
//   - a word starts with a letter, '_' or any byte from 0xA0 up (we take
//     every non-ASCII byte, which covers UTF-8 text) and goes on through
//     letters, digits, '.', '-' and '_';
//   - a number starts with a digit, '.' or '-' followed by a digit or '.';
//     it takes digits and one '.', and a statement reads it as Java's
//     (int) cast does: truncated, saturated at the 32-bit limits;
//   - any other byte is a token of its own ("ordinary").
//
// A statement's arguments are the words, double-quoted strings and
// numbers that follow its keyword; the first other token (the end of the
// line, a single-quoted string, an ordinary character) ends them and is
// used up.

type boardTokenKind int

const (
	tokEOF boardTokenKind = iota
	tokEOL
	tokWord
	tokNumber
	tokQuoted       // "…"
	tokSingleQuoted // '…'
	tokOrdinary
)

type boardToken struct {
	kind boardTokenKind
	text string // words and quoted strings; the character of an ordinary token
	num  float64
	line int
}

// arg gives the token as a statement argument: a number as the integer
// MegaMek makes of it, anything else as its text.
func (t boardToken) arg() string {
	if t.kind == tokNumber {
		return strconv.Itoa(javaInt(t.num))
	}
	return t.text
}

// describe names the token in messages.
func (t boardToken) describe() string {
	switch t.kind {
	case tokSingleQuoted:
		return "the single-quoted string '" + boardShort(t.text) + "'"
	case tokOrdinary:
		return strconv.Quote(t.text)
	case tokWord:
		return strconv.Quote(boardShort(t.text))
	}
	return "a token"
}

// boardShort keeps long texts in messages short.
func boardShort(s string) string {
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}

// javaInt converts as Java's (int) cast of a double: NaN is 0, values
// beyond the 32-bit range saturate, the rest truncate toward zero.
func javaInt(v float64) int {
	switch {
	case math.IsNaN(v):
		return 0
	case v >= math.MaxInt32:
		return math.MaxInt32
	case v <= math.MinInt32:
		return math.MinInt32
	}
	return int(v)
}

// boardTokenizer walks the file's bytes.
type boardTokenizer struct {
	s    []byte
	i    int
	line int
}

func newBoardTokenizer(s []byte) *boardTokenizer {
	return &boardTokenizer{s: s, line: 1}
}

func isBoardWordStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

func isBoardWordPart(c byte) bool {
	return isBoardWordStart(c) || c >= '0' && c <= '9' || c == '.' || c == '-'
}

func (z *boardTokenizer) peek(off int) int {
	if z.i+off < len(z.s) {
		return int(z.s[z.i+off])
	}
	return -1
}

// eol consumes a line break at the current byte (\n, \r or \r\n).
func (z *boardTokenizer) eol() bool {
	switch z.peek(0) {
	case '\n':
		z.i++
	case '\r':
		z.i++
		if z.peek(0) == '\n' {
			z.i++
		}
	default:
		return false
	}
	z.line++
	return true
}

// next reads the next token.
func (z *boardTokenizer) next() boardToken {
	for {
		line := z.line
		c := z.peek(0)
		switch {
		case c < 0:
			return boardToken{kind: tokEOF, line: line}
		case c == '\n' || c == '\r':
			z.eol()
			return boardToken{kind: tokEOL, line: line}
		case c <= ' ':
			z.i++
		case c == '/' || c == '#':
			for c := z.peek(0); c >= 0 && c != '\n' && c != '\r'; c = z.peek(0) {
				z.i++
			}
		case c == '"' || c == '\'':
			z.i++
			text := z.quoted(byte(c))
			kind := tokQuoted
			if c == '\'' {
				kind = tokSingleQuoted
			}
			return boardToken{kind: kind, text: text, line: line}
		case c >= '0' && c <= '9' || c == '.' || c == '-' && (z.peek(1) == '.' || z.peek(1) >= '0' && z.peek(1) <= '9'):
			return boardToken{kind: tokNumber, num: z.number(), line: line}
		case isBoardWordStart(byte(c)):
			j := z.i
			for z.i < len(z.s) && isBoardWordPart(z.s[z.i]) {
				z.i++
			}
			return boardToken{kind: tokWord, text: string(z.s[j:z.i]), line: line}
		default:
			z.i++
			return boardToken{kind: tokOrdinary, text: string(rune(c)), line: line}
		}
	}
}

// number reads [-]digits[.digits] as Java's tokenizer does.
func (z *boardTokenizer) number() float64 {
	neg := false
	if z.peek(0) == '-' {
		neg = true
		z.i++
	}
	v, decexp, dot := 0.0, 0, false
	for {
		c := z.peek(0)
		if c == '.' && !dot {
			dot = true
		} else if c >= '0' && c <= '9' {
			v = v*10 + float64(c-'0')
			if dot {
				decexp++
			}
		} else {
			break
		}
		z.i++
	}
	if decexp > 0 {
		v /= math.Pow(10, float64(decexp))
	}
	if neg {
		v = -v
	}
	return v
}

// quoted reads a string after its opening quote q, up to the closing
// quote or the end of the line; the closing quote is consumed, a line
// break is left for the next token.
func (z *boardTokenizer) quoted(q byte) string {
	var b strings.Builder
	for {
		c := z.peek(0)
		if c < 0 || c == '\n' || c == '\r' {
			return b.String()
		}
		z.i++
		if c == int(q) {
			return b.String()
		}
		if c != '\\' {
			b.WriteByte(byte(c))
			continue
		}
		e := z.peek(0)
		switch {
		case e < 0:
			return b.String()
		case e >= '0' && e <= '7':
			v := e - '0'
			z.i++
			if d := z.peek(0); d >= '0' && d <= '7' {
				v = v<<3 + d - '0'
				z.i++
				if d := z.peek(0); d >= '0' && d <= '7' && e <= '3' {
					v = v<<3 + d - '0'
					z.i++
				}
			}
			b.WriteRune(rune(v))
			continue
		case e == '\n' || e == '\r':
			// The break is kept in the string. After \n, or a lone \r, the
			// string goes on on the next line; after \r of a \r\n the \n
			// ends it, as in Java's tokenizer.
			z.i++
			b.WriteByte(byte(e))
			if e == '\n' || z.peek(0) != '\n' {
				z.line++
			}
			continue
		}
		z.i++
		switch e {
		case 'a':
			e = 7
		case 'b':
			e = '\b'
		case 'f':
			e = '\f'
		case 'n':
			e = '\n'
		case 'r':
			e = '\r'
		case 't':
			e = '\t'
		case 'v':
			e = '\v'
		}
		b.WriteByte(byte(e))
	}
}
