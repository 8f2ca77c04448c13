package ai

import (
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"bfbot/internal/allocsite"
	"bfbot/referee"
	"bfbot/referee/dice"
)

// Ensure the AI and referee.ValidActions word no refusal: they try every
// candidate action and throw most refusals away unread, so the sentence
// for the player, its citation of the book included, is made only when
// an error is read (a refusal's Error method), and nothing here reads
// one. Every allocation is sampled while battles of every kind
// auto-resolve, and the test fails if one was made with a refusal's
// Error or fmt.Errorf on its stack, or if text was made (by fmt,
// strings, strconv, the cite or english packages, or a string
// conversion or concatenation) by code of package referee that runs
// only to refuse: the arguments of a call of illegal, and a block that
// returns only by returning one (refusalCode). It also checks that
// refusals were made at all, so it tests something.
func TestNoRefusalWorded(t *testing.T) {
	code := refusalCode(t)
	kinds := []battleOptions{
		{perSide: 6, secrets: true},
		{perSide: 4, air: true, artillery: true},
		{perSide: 4, dropships: true},
	}
	allocsite.Check(t, built, func(stack []uintptr) string { return wordingSite(stack, code) }, func() {
		for seed, o := range kinds {
			s := randomBattle(t, rand.New(rand.NewPCG(uint64(seed), 0x776f72)), o)
			players := map[string]*Player{"red": New("red", Normal, uint64(seed)), "blue": New("blue", Hard, uint64(seed)+1)}
			if _, _, err := AutoResolve(s, dice.New(dice.NewSeeded(uint64(seed))), players, 12); err != nil {
				t.Fatalf("battle %d: %v", seed, err)
			}
			for _, u := range s.Units {
				referee.ValidActions(s, u.ID)
			}
		}
	})
}

// built is the kind wordingSite gives the allocations that make a
// refusal: the error and its arguments, not its text.
const built = "a refusal made"

// refusalLines are, by file of package referee, the ranges of lines
// [from, to] of its code that runs only to refuse an action.
type refusalLines map[string][][2]int

// refusalCode reads package referee's source and returns the lines of
// every call of illegal and of every block (a function's body, a case's,
// an if's) whose last statement returns such a call and no other
// statement returns: code that runs only on the way to a refusal.
func refusalCode(t *testing.T) refusalLines {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("package referee's source: %v", err)
	}
	fset := token.NewFileSet()
	code := refusalLines{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Base(name)
		add := func(n ast.Node) {
			code[base] = append(code[base], [2]int{fset.Position(n.Pos()).Line, fset.Position(n.End()).Line})
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var list []ast.Stmt
			switch n := n.(type) {
			case *ast.CallExpr:
				if isIllegal(n) {
					add(n)
				}
				return true
			case *ast.BlockStmt:
				list = n.List
			case *ast.CaseClause:
				list = n.Body
			default:
				return true
			}
			if len(list) == 0 {
				return true
			}
			if r, ok := list[len(list)-1].(*ast.ReturnStmt); ok && slices.ContainsFunc(r.Results, func(e ast.Expr) bool {
				c, ok := e.(*ast.CallExpr)
				return ok && isIllegal(c)
			}) && !returns(list[:len(list)-1]) {
				add(n)
			}
			return true
		})
	}
	if len(code) == 0 {
		t.Fatal("package referee's source calls illegal nowhere: the test would check nothing")
	}
	return code
}

// returns reports that one of list returns, other than in a function
// literal: a block that may also return without refusing does not run
// only to refuse.
func returns(list []ast.Stmt) bool {
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				found = true
			}
			return !found
		})
	}
	return found
}

func isIllegal(c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	return ok && id.Name == "illegal"
}

// has reports that line of file is code that runs only to refuse.
func (r refusalLines) has(file string, line int) bool {
	for _, span := range r[filepath.Base(file)] {
		if line >= span[0] && line <= span[1] {
			return true
		}
	}
	return false
}

// wordingSite says what an allocation made with stack did: "" nothing of
// a refusal, built made one, or it worded one, in a function it names:
// under a refusal's Error, under fmt.Errorf, by fmt under illegal, or
// as text made in code that runs only to refuse (refusalCode).
func wordingSite(stack []uintptr, code refusalLines) string {
	frames := runtime.CallersFrames(stack)
	inFmt, worded, text := false, false, false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "bfbot/referee.(*refusal).Error" || f.Function == "fmt.Errorf":
			worded = true
		case strings.HasPrefix(f.Function, "fmt."):
			inFmt, text = true, true
		case f.Function == "bfbot/referee.illegal" && !worded && !inFmt:
			return built
		case strings.HasPrefix(f.Function, "bfbot/") && (worded || inFmt && f.Function == "bfbot/referee.illegal"),
			strings.HasPrefix(f.Function, "bfbot/referee.") && text && code.has(f.File, f.Line):
			return "wording a refusal at " + f.Function
		case makesText(f.Function):
			text = true
		}
		if !more {
			return ""
		}
	}
}

// makesText reports that function fn makes text: fmt's, strings',
// strconv's, the cite and english packages', and the runtime's string
// conversions and concatenations.
func makesText(fn string) bool {
	for _, p := range []string{"strings.", "strconv.", "bfbot/internal/cite.", "bfbot/internal/english.", "runtime.concatstring", "runtime.slicebytetostring", "runtime.intstring", "runtime.slicerunetostring"} {
		if strings.HasPrefix(fn, p) {
			return true
		}
	}
	return false
}
