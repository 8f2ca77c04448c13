package storage

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// stoCrashEnv names the database file a crash child works on; the test
// binary run with it set is the child.
const stoCrashEnv = "BFBOT_STO_CRASH_DB"

// stoCrashTarget is the revision the crash child works up to.
const stoCrashTarget = "BFBOT_STO_CRASH_TARGET"

// stoCrashSeed seeds the crash campaign's dice.
const stoCrashSeed = 2517

// TestCrashChild is the child process of TestCrash (skipped otherwise):
// it opens the file, creates campaign 1 if it is not there yet, and makes
// changes until the campaign reaches the target revision, printing
// "ack R" once revision R is committed.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(stoCrashEnv)
	if path == "" {
		t.Skip("the child of TestCrash")
	}
	target, err := strconv.ParseUint(os.Getenv(stoCrashTarget), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if err := stoCrashRun(context.Background(), path, target, func(_ *Store, rev uint64) { fmt.Printf("ack %d\n", rev) }); err != nil {
		fmt.Printf("error %v\n", err)
		t.Fatal(err)
	}
}

// stoCrashRun brings campaign 1 of the file at path up to revision
// target, calling ack after each commit.
func stoCrashRun(ctx context.Context, path string, target uint64, ack func(*Store, uint64)) error {
	s, err := Open(path, Options{Snapshots: 5, Timeout: 10 * time.Second})
	if err != nil {
		return err
	}
	defer s.Close()
	list, err := s.List(ctx)
	if err != nil {
		return err
	}
	if len(list) == 0 {
		c, err := stoMakeCampaign()
		if err != nil {
			return err
		}
		if _, err := s.Create(ctx, c, stoCrashSeed); err != nil {
			return err
		}
		list = []Summary{{ID: 1, Revision: 1}}
		ack(s, 1)
	}
	for rev := list[0].Revision; rev < target; rev++ {
		if stoCrashUndo(rev + 1) {
			if _, err := s.Undo(ctx, 1); err != nil {
				return err
			}
			ack(s, rev+1)
			continue
		}
		// The marker a scheduler would commit with the turn it ran.
		mark := Record{RecordKey{1, Marker, "turn"}, []byte(strconv.FormatUint(rev+1, 10))}
		if _, err := s.Update(ctx, 1, stoStep, mark); err != nil {
			return err
		}
		ack(s, rev+1)
	}
	return nil
}

// stoCrashUndo says whether the crash run makes revision rev by an undo
// (every seventh), so kills land inside undos too.
func stoCrashUndo(rev uint64) bool { return rev%7 == 0 }

// stoCrashMarker is the turn marker the crash run leaves at revision rev:
// the revision of its last turn (an undo writes no marker).
func stoCrashMarker(rev uint64) string {
	if stoCrashUndo(rev) {
		rev--
	}
	return strconv.FormatUint(rev, 10)
}

// Ensure a process killed (SIGKILL) at random points while it plays
// campaign turns and undoes some (every seventh revision) leaves a file that passes Check, holds every turn it
// acknowledged, holds each turn once (the state at each revision is the
// uninterrupted run's, and the turn marker committed with a turn names
// it), and ends where an uninterrupted run ends.
func TestCrash(t *testing.T) {
	kills := 100
	if testing.Short() {
		kills = 20
	}
	seed := uint64(time.Now().UnixNano())
	if v := os.Getenv("BFBOT_STO_CRASH_SEED"); v != "" {
		seed, _ = strconv.ParseUint(v, 10, 64)
	}
	t.Logf("kill points from seed %d (BFBOT_STO_CRASH_SEED=%d repeats them)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, 0))
	target := uint64(3*kills + 20)
	ctx := context.Background()

	// The uninterrupted run: the hash of the state at every revision. An
	// undo keeps the dice state of the revision it follows (ruling SG1).
	want := map[uint64]string{}
	var lastDice []byte
	err := stoCrashRun(ctx, filepath.Join(t.TempDir(), "ref.db"), target, func(s *Store, rev uint64) {
		_, d, r, h := stoState(t, s, 1)
		if r != rev {
			t.Fatalf("reference at revision %d, want %d", r, rev)
		}
		if stoCrashUndo(rev) && !bytes.Equal(d, lastDice) {
			t.Errorf("reference: the undo at revision %d changed the dice state", rev)
		}
		want[r], lastDice = h, d
	})
	if err != nil {
		t.Fatal(err)
	}

	path := filepath.Join(t.TempDir(), "crash.db")
	var acked uint64
	killed := 0 // children the kill ended (the others had finished)
	for k := 0; k < kills; k++ {
		acks := rng.IntN(4)
		delay := time.Duration(rng.IntN(3000)) * time.Microsecond
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), stoCrashEnv+"="+path, stoCrashTarget+"="+strconv.FormatUint(target, 10))
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(out)
		seen := 0
		for seen < acks && sc.Scan() {
			if rev, ok := stoAck(t, sc.Text()); ok {
				acked = max(acked, rev)
				seen++
			}
		}
		time.Sleep(delay)
		cmd.Process.Signal(syscall.SIGKILL)
		for sc.Scan() { // acks printed before the kill landed
			if rev, ok := stoAck(t, sc.Text()); ok {
				acked = max(acked, rev)
			}
		}
		if err := cmd.Wait(); err != nil {
			killed++
		}

		s, err := Open(path, Options{Snapshots: 5})
		if err != nil {
			t.Fatalf("kill %d: open after the kill: %v", k, err)
		}
		for _, err := range s.Check(ctx) {
			t.Errorf("kill %d: %v", k, err)
		}
		if list, _ := s.List(ctx); len(list) > 0 {
			_, _, rev, h := stoState(t, s, 1)
			if rev < acked {
				t.Errorf("kill %d: file at revision %d, but revision %d was acknowledged", k, rev, acked)
			}
			if want[rev] != h {
				t.Errorf("kill %d: state at revision %d differs from the uninterrupted run's", k, rev)
			}
			if mark, err := s.GetRecord(ctx, RecordKey{1, Marker, "turn"}); rev > 1 && (err != nil || string(mark) != stoCrashMarker(rev)) {
				t.Errorf("kill %d: marker %q at revision %d: the marker and the turn it marks were not committed together", k, mark, rev)
			}
		} else if acked > 0 {
			t.Errorf("kill %d: no campaign, but revision %d was acknowledged", k, acked)
		}
		s.Close()
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d of %d children were killed before they finished; the file was at revision %d of %d", killed, kills, acked, target)
	if killed < kills/2 {
		t.Errorf("only %d of %d kills interrupted a child: the test is not testing crashes", killed, kills)
	}
	if err := stoCrashRun(ctx, path, target, func(*Store, uint64) {}); err != nil {
		t.Fatal(err)
	}
	s := stoOpenNoCheck(t, path, Options{Snapshots: 5})
	stoMustCheck(t, s)
	if _, _, rev, h := stoState(t, s, 1); rev != target || h != want[target] {
		t.Errorf("final state at revision %d differs from the uninterrupted run's at %d", rev, target)
	}
}

// stoAck reads an "ack R" line of the child.
func stoAck(t *testing.T, line string) (uint64, bool) {
	rev, ok := strings.CutPrefix(line, "ack ")
	if !ok {
		if strings.HasPrefix(line, "error ") {
			t.Errorf("child: %s", line)
		}
		return 0, false
	}
	n, err := strconv.ParseUint(rev, 10, 64)
	if err != nil {
		t.Errorf("child said %q", line)
	}
	return n, err == nil
}
