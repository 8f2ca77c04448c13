package referee

import (
	"fmt"
	"strings"
)

// The notation of the choices waiting for a side's players (ambush.go,
// probe_choice.go, drop_fire_choice.go), the grammar on Position:
//
//	ambush INFANTRY TARGET
//	probe UNIT targets=ID,…
//	drop-fire MECH SIDE shooters=ID,… [before=N]
//
// and a side's asked flag and the campaign record's setup-first=SIDE.

// writeChoices writes the waiting choices, in the order they wait.
func (w *notationWriter) writeChoices(s *State) {
	for _, a := range s.Ambushes {
		w.record("ambush", w.id(a.Infantry), w.id(a.Target))
	}
	for _, p := range s.Probes {
		w.record("probe", w.id(p.Unit), w.word("targets", w.idList(p.Targets)))
	}
	for _, f := range s.DropFires {
		w.record("drop-fire", w.id(f.Mech), w.id(f.Side), w.word("shooters", w.idList(f.Shooters)), w.num("before", f.Before))
	}
}

func (w *notationWriter) idList(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = w.id(id)
	}
	return strings.Join(out, ",")
}

// readChoice reads an ambush, probe or drop-fire record.
func (pr *positionReader) readChoice(r notationRecord) error {
	s := pr.s
	want := map[string]string{"ambush": "ambush INFANTRY TARGET, e.g. ambush B1 A1", "probe": "probe UNIT targets=ID,…, e.g. probe A2 targets=B3,B7",
		"drop-fire": "drop-fire MECH SIDE shooters=ID,… [before=N], e.g. drop-fire A1 bandits shooters=B1,B2"}[r.tok[0]]
	if len(r.tok) < 3 {
		return r.errf(r.text, "write %s", want)
	}
	first, err := readWord(r.tok[1], r.tok[1])
	if err != nil {
		return r.errf(r.tok[1], "%v", err)
	}
	switch r.tok[0] {
	case "ambush":
		target, err := readWord(r.tok[2], r.tok[2])
		if err != nil || len(r.tok) != 3 {
			return r.errf(r.text, "write %s", want)
		}
		s.Ambushes = append(s.Ambushes, Ambush{Infantry: first, Target: target})
		return nil
	case "probe":
		p := Probe{Unit: first}
		err := r.attrs(2, func(t, k, v string) (err error) {
			if k != "targets" {
				return fmt.Errorf("a probe takes targets=")
			}
			p.Targets, err = readIDList(t, v)
			return err
		})
		s.Probes = append(s.Probes, p)
		return err
	}
	f := DropFire{Mech: first}
	if f.Side, err = readWord(r.tok[2], r.tok[2]); err != nil {
		return r.errf(r.tok[2], "the side choosing: %v", err)
	}
	err = r.attrs(3, func(t, k, v string) (err error) {
		switch k {
		case "shooters":
			f.Shooters, err = readIDList(t, v)
		case "before":
			f.Before, err = readNat(t, v)
		default:
			err = fmt.Errorf("a drop-fire takes shooters= and before=")
		}
		return err
	})
	s.DropFires = append(s.DropFires, f)
	return err
}

func readIDList(tok, v string) ([]string, error) {
	var out []string
	for _, id := range strings.Split(v, ",") {
		w, err := readWord(tok, id)
		if err != nil {
			return nil, err
		}
		out = append(out, w)
	}
	return out, nil
}
