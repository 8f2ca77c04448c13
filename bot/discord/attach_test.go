package discord_test

import (
	"log/slog"
	"strings"
	"testing"

	"bfbot/bot/command"
	"bfbot/bot/discord"
	"bfbot/bot/discordtest"

	"github.com/bwmarrin/discordgo"
)

// attMap is a small hand-drawn strategic map (mapgen/strategic_yaml.go).
const attMap = `name: Twin Valleys
cols: 3
rows: 1
sectors:
  - {col: 1, row: 1, name: West Vale, theme: plains}
  - {col: 2, row: 1, name: The Ridge, theme: hills}
  - {col: 3, row: 1, name: East Vale, theme: woods}
`

// attRegiment is a small regiment file (campaign/forces/regiment_file.go).
const attRegiment = `id: harlech-guard
name: Harlech Guard
budget: medium
groups:
  - battalion: First Battalion
    units:
      - {name: Command Lance, machines: [Atlas, Atlas, Stalker, Zeus], experience: veteran}
      - {name: Fire Lance, machines: [Archer, Archer, Catapult, Catapult], experience: regular}
`

// attRig is a fake Discord with a bot on the real command registry.
type attRig struct {
	fake *discordtest.Fake
	bot  *discord.Bot
}

func attStart(tb testing.TB) *attRig {
	tb.Helper()
	fake := discordtest.New(tb)
	reg := command.New(command.Deps{Store: command.NewMemStore(7), ErrorID: func() string { return "test" }, RateLimits: command.RateLimits{Off: true}})
	logger := slog.New(slog.NewTextHandler(&dscLog{}, nil))
	bot, err := discord.New(fake.Token(), fake.AppID(), dscGuild, reg, logger,
		discord.WithHTTPClient(fake.Client()), discord.WithFileClient(fake.Client()))
	if err != nil {
		tb.Fatal(err)
	}
	dscOpen(tb, fake, bot)
	return &attRig{fake: fake, bot: bot}
}

// attCreate sends /campaign create with opts in channel ch and returns
// the interaction once its answer is complete: the texts the caller and
// the channel got.
func (rig *attRig) attCreate(t *testing.T, ch string, opts map[string]any) (discordtest.Interaction, string) {
	t.Helper()
	in, err := rig.fake.SendCommand(dscAlice, dscGuild, ch, "campaign", "create", opts)
	if err != nil {
		t.Fatal(err)
	}
	// Answered: the ack is a message, or the deferral was edited.
	rig.fake.MustWait(t, dscWait, "the answer", func() bool {
		for _, m := range rig.fake.Answers(in.ID) {
			if !m.Loading {
				return true
			}
		}
		return in.Ack().Type == ackMessage
	})
	in, _ = rig.fake.Interaction(in.ID)
	var b strings.Builder
	b.WriteString(discordtest.Shown(in.Ack().Content))
	for _, m := range rig.fake.Answers(in.ID) {
		b.WriteString("\n" + discordtest.Shown(m.Content))
	}
	for _, m := range rig.fake.Messages(ch) {
		if m.Interaction == "" {
			b.WriteString("\n" + discordtest.Shown(m.Content))
		}
	}
	return in, b.String()
}

// Ensure files attached on Discord reach /campaign create: the options
// are registered as attachments, the bot downloads a map file and a
// regiment file from the CDN after acknowledging, and the campaign is
// made from them; a file Discord says is too big is refused before any
// download, and a failed or oversized download is a clear private
// refusal, never a crash.
func TestAttachments(t *testing.T) {
	t.Parallel()
	rig := attStart(t)

	t.Run("Registered", func(t *testing.T) {
		var types []string
		for _, c := range rig.fake.Commands(dscGuild) {
			for _, sub := range c.Options {
				for _, o := range sub.Options {
					if o.Type == discordgo.ApplicationCommandOptionAttachment {
						types = append(types, c.Name+" "+sub.Name+" "+o.Name)
					}
				}
			}
		}
		if got, want := strings.Join(types, ", "), "campaign create regiment_file, campaign create regiment_file2, campaign create map_file"; got != want {
			t.Errorf("attachment options %q, want %q", got, want)
		}
	})

	t.Run("MapAndRegimentFile", func(t *testing.T) {
		before := rig.fake.Downloads()
		in, got := rig.attCreate(t, "300000000000000001", map[string]any{
			"name":          "Uploaded",
			"regiments":     "bandits",
			"regiment_file": discordtest.File{Name: "guard.yaml", Data: []byte(attRegiment)},
			"map_file":      discordtest.File{Name: "twin.yaml", Data: []byte(attMap)},
		})
		if in.Ack().Type != ackDeferred {
			t.Errorf("ack type %d, want a deferral before the download", in.Ack().Type)
		}
		// The campaign's public announcement follows the deferral's edit.
		rig.fake.MustWait(t, dscWait, "the announcement", func() bool {
			for _, m := range rig.fake.Messages("300000000000000001") {
				if strings.Contains(m.Content, "is set up") {
					got = m.Content
					return true
				}
			}
			return false
		})
		for _, want := range []string{
			"Moore's Bandits (bandits) against Harlech Guard (harlech-guard, from file guard.yaml)",
			"on the 3×1 strategic map “Twin Valleys” from file twin.yaml (3 sectors)",
		} {
			if !strings.Contains(got, want) {
				t.Errorf("answers %q\nwant %q", got, want)
			}
		}
		if n := rig.fake.Downloads() - before; n != 2 {
			t.Errorf("%d downloads, want 2", n)
		}
	})

	t.Run("ErrTooBigAnnounced", func(t *testing.T) {
		before := rig.fake.Downloads()
		in, got := rig.attCreate(t, "300000000000000002", map[string]any{
			"name":     "Big",
			"map_file": discordtest.File{Name: "big.yaml", Data: make([]byte, command.MaxAttachmentBytes+1)},
		})
		want := "⚠ /campaign create: map_file: the file is 262145 bytes; an attached file is at most 256 KiB"
		if a := in.Ack(); a.Type != ackMessage || !a.Ephemeral || a.Content != want {
			t.Errorf("ack %+v, want ephemeral %q", a, want)
		}
		if strings.Contains(got, "is set up") {
			t.Errorf("created anyway: %q", got)
		}
		if n := rig.fake.Downloads() - before; n != 0 {
			t.Errorf("%d downloads of a file Discord said was too big", n)
		}
	})

	for _, c := range []struct {
		name  string
		fault discordtest.AttachmentFault
		data  []byte
		want  string
	}{
		{"ErrGone", discordtest.AttachmentsGone, []byte(attMap),
			`⚠ /campaign create: map_file: the file "twin.yaml" could not be fetched from Discord (HTTP 404); attach it again`},
		{"ErrTooBigDownloaded", discordtest.AttachmentsUnderstated, []byte(strings.Repeat("# padding\n", command.MaxAttachmentBytes/10+1)),
			"⚠ /campaign create: map_file: the file is over the limit; an attached file is at most 256 KiB"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rig.fake.FailAttachments(c.fault)
			defer rig.fake.FailAttachments(discordtest.AttachmentsServed)
			in, got := rig.attCreate(t, "30000000000000001"+c.name[:1], map[string]any{
				"name":     "Faulty",
				"map_file": discordtest.File{Name: "twin.yaml", Data: c.data},
			})
			if a := in.Ack(); a.Type != ackDeferred || !a.Ephemeral {
				t.Errorf("ack %+v, want an ephemeral deferral", a)
			}
			if !strings.Contains(got, c.want) {
				t.Errorf("answers %q\nwant %q", got, c.want)
			}
			if strings.Contains(got, "is set up") || strings.Contains(got, "Internal error") {
				t.Errorf("answers %q", got)
			}
		})
	}
}
