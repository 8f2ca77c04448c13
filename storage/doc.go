// Package storage keeps bfbot's campaigns in one bbolt file: each
// campaign's document, its dice state, its undo snapshots, the opaque
// records the scheduler and the Discord adapter keep with it, a schema
// version with migrations, export and import of one campaign as JSON,
// hot backups and an invariant Check.
//
// The bot depends on the Campaigns interface, not on Store. EtcdStore
// implements it on an etcd cluster that several bot processes share
// (docs/deploy.md): the same revisions, records and undo snapshots, the
// records encoded by the same functions, every change one etcd
// transaction compared against the campaign's revision and made again
// from a fresh read when another process changed the campaign first
// (etcd_layout.go has its keys). CopyAll moves every campaign between
// the two (bfbot migrate-store); OpenConfigured opens the one the
// configuration names.
//
// # Transactions
//
// Every change is one bbolt Update. Campaigns.Update loads the campaign's
// newest revision (document and dice state), calls the caller's function,
// and saves what it returns, with the dice state it left, as the next
// revision, together with any records given, in that one transaction: a
// crash leaves the file before or after the change, never between. A
// function that returns an error, or a campaign that fails
// campaign.Check, writes nothing.
//
// The revision number is the durable marker: it counts a campaign's
// committed changes and is the key of the record that holds them. A record
// of kind Marker given to Update (the scheduler's "deadline D processed")
// commits with the turn it marks, so a restart finds either both or
// neither and runs the turn exactly once.
//
// # Undo
//
// A campaign keeps its newest revision and the Options.Snapshots
// revisions before it; those are the undo snapshots, so a change writes
// one document, not two (and rewrites the revision before as a small
// delta from it). Undo makes the revision before the newest the
// newest again (as a new, higher revision, with an undo event in its log)
// and drops both.
//
// # Bucket layout (schema 12)
//
//	meta/
//	    "schema"            uint64 big-endian: the schema version (12)
//	campaigns/              sequence: the last campaign ID given (IDs from 1)
//	    <id: uint64 BE>/    one bucket per campaign
//	        revisions/      one record per revision, the newest is the
//	                        campaign, the others (at most Options.Snapshots)
//	                        are its undo snapshots: the newest's (and a
//	                        snapshot's stored whole) in a bucket of its
//	                        own, <revision: uint64 BE>/"record", a
//	                        snapshot's stored as a delta the value
//	                        <revision: uint64 BE> (revision.go; schema 9
//	                        kept those in buckets too):
//	            <revision: uint64 BE>/
//	                "record" → uint32 BE length of the dice state, the dice
//	                        state (dice.Seeded binary), uint64 BE length of
//	                        the event log, one byte for the document's form
//	                        (5 in tagged parts, 2 delta, 1 whole) and the
//	                        document without its log: for the newest
//	                        revision in parts (parts.go: a header line,
//	                        then the campaign's core, map, each side and
//	                        its units, each battle, JSON one a line), each
//	                        part packed by itself preceded by its uvarint
//	                        length: a byte naming its codec, then an S2
//	                        block; finished battles one after another
//	                        packed together, the first's part a zstd
//	                        frame of them all, each other's its codec
//	                        byte alone (settled.go; schema 9 packed each
//	                        in a frame of its own, still read); schema 8 wrote untagged S2
//	                        blocks (form 4), still read; for an older one a delta from
//	                        the document of the revision after it
//	                        (delta.go), deflated. Schemas 5 to 7 deflated
//	                        each part (form 3) and schema 4 wrote the
//	                        newest whole (the JSON of campaign.Campaign,
//	                        deflated), both still read. Last, a uint32 BE
//	                        CRC-32C of the
//	                        campaign's ID, the revision and the bytes
//	                        before it (seal.go)
//	        events/         <chunk from 1: uint64 BE> → 64 events (the last
//	                        chunk up to 64): a full chunk 0x16, the
//	                        victory points its events give each side, and
//	                        a zstd frame of the events in a form of their
//	                        own (full_chunk.go; schema 9's 0x0e had no
//	                        points), the open one 0x06 and an S2
//	                        block of JSON campaign.Event one a line
//	                        (open_chunk.go); before schema 9 both JSON
//	                        lines deflated, still read (a DEFLATE stream
//	                        never starts with 0x06, 0x0e or 0x16); then a CRC-32C as a record has: the
//	                        newest revision's log, whose first
//	                        events are each older revision's log
//	        "summary"       JSON Summary of the newest revision, for List
//	        schedule/       <name> → opaque bytes (the scheduler's entries)
//	        bindings/       <name> → opaque bytes (guild, channel, threads, pins)
//	        markers/        <name> → opaque bytes (durable turn markers);
//	                        each of these three ends in a CRC-32C of the
//	                        campaign's ID, the kind, the name and the
//	                        bytes (seal.go)
//	index/                  <index>/<key, path-escaped>/<id: 16 hex digits>
//	                        → empty: the campaigns of a channel, the running
//	                        campaigns of a server and of a user (index.go),
//	                        written with the summary they come from
//
// Big-endian keys make bbolt's byte order the numeric order, so a cursor's
// Last is the newest revision and IDs list in order.
//
// The event log (campaign.Campaign.Log) is kept outside the document, in
// chunks: the log is append-only and after many turns is most of a
// campaign, so a change writes only the chunk its new events go into and
// the snapshots share one log instead of each copying it (1,000 turns: a
// 4 MB file rather than 50 MB). The store hands out whole campaigns with
// their logs (campaign.Log), but a full chunk's events are unpacked only
// when a reader first reaches them (readLog): a load unpacks the open
// chunk alone. It adds the log's victory points up when it reads the log,
// from the full chunks' stored sums and the open chunk's events, and
// keeps the sum with the cached campaign, so that checking a
// change's sides against them (campaign.Checker.CheckLogVP) adds only the
// change's new events, not the whole log again. An update that shortens
// the log, or changes its last stored event, is refused; an older stored
// event changed is caught only in test binaries (the full check).
//
// Everything stored is packed: the newest document's parts as S2 blocks
// or, finished battles', one zstd frame (parts.go, settled.go), the
// log's chunks in their own forms (full_chunk.go, open_chunk.go), the
// rest as DEFLATE streams (a campaign's JSON packs about
// 7 to 1; a delta under a kilobyte in stored blocks: deflate.go), and an undo snapshot, which differs from the revision after it by one
// command's change, is kept as a delta from it: a change rewrites the
// revision before as such a delta, and Undo and Check rebuild older
// documents from the newest. A demo campaign of 20 turns with up to 5
// battles and their records takes 40 to 92 KB with 20 snapshots (seeds
// 1 to 30), where schema 3 took 9 MB (storage_size_test.go in the
// repository's root). The newest
// document is kept in parts so that a change packs again only what it
// changed (an order: its side's kilobyte, not the 31 KB of a campaign or
// the hundreds of a battle's record) and copies the other parts' packed
// bytes from the record before.
//
// A revision is a bucket, not a value, so that each document has pages
// of its own: a commit writes one document, not the two to four that
// share a bbolt leaf (revision.go). Schema 2 kept the same record as the
// value revisions/<revision>; opening a schema 2 file moves each record
// into its bucket (migrate2to3). Schema 3 kept the documents as JSON and
// each event as a record of its own under its position; opening a schema
// 3 file deflates them (migrate3to4; the fixture is testdata/v3.db).
// Schema 4 kept the newest document whole; schema 5 reads its records as
// they are (migrate4to5 only sets the number; the fixture is
// testdata/v4.db), and a campaign's next change writes its newest
// revision in parts.
// Schema 5 had no index: opening a schema 5 file builds it from the
// summaries (migrate5to6). Schema 6 had no checksums: opening a schema 6
// file seals every record and chunk and reads each campaign back, its
// events, dice states, documents and summary decoded, before it commits:
// one that no longer decodes stops the migration (migrate6to7; the
// fixture is testdata/v6.db). Damage from before that still decodes to
// valid values cannot be told from what was written, and is sealed as it
// is. From schema 7 a record or chunk whose
// bytes changed after they were written (bbolt checks none of a data
// page's bytes) is refused as damaged, naming the campaign and the
// record, never decoded into silently changed values; bfbot check lists
// every such record. The summaries carry no checksum: Check compares
// each summary with the newest revision.
// Schema 7 deflated the newest revision's parts; schema 8 reads them as
// they are (migrate7to8 only sets the number; the fixture is
// testdata/v7.db), and a campaign's next change packs them with S2.
// Schema 8 packed every part with S2 and kept the log's chunks as JSON
// deflated; schema 9 reads both as they are (migrate8to9 only sets the
// number; TestMigrateV8 on testdata/v8.db), a campaign's next change
// tags its parts, a finished battle's packed with zstd once, and each
// chunk written after is in schema 9's forms. Schema 9 kept each undo
// snapshot in a bucket of its own; opening a schema 9 file moves each
// stored as a delta into a value (migrate9to10; TestMigrateV9 on
// testdata/v9.db), and a campaign's next change packs its finished
// battles together.
// Schema 11 writes a full chunk with its events' victory points ahead
// of its frame, so that a load need not unpack it (migrateChunkSums
// rewrites the full chunks of schema 10 so; TestMigrateChunkSums on
// testdata/v9chunks.db, migrated through schema 10).
// Schema 11 kept the opaque records (schedule, bindings, markers) as the
// bot gave them; schema 12 seals each with its checksum (migrate11to12;
// TestMigrateRecordSums on testdata/v11records.db), and GetRecord,
// Records and Check refuse one whose bytes changed, naming it (every
// campaign's Records leaves it out, naming it in a DamagedRecords).
//
// Schema 1 (bfbot before undo): campaigns/<id as decimal text> → JSON
// {"campaign": …, "seed": N} and meta/"version" = "1". Opening such a file
// migrates it to the newest schema in one transaction (migrate.go); the fixture is
// testdata/v1.db, rewritten by `go test ./storage -run TestMigrateV1 -update`.
//
// # Caveats
//
// IMPORTANT: a bbolt file is locked by the process that opens it for
// writing. Only one bot may use a database file; a second Open fails after
// Options.Timeout with ErrLocked naming the path. A read-only Open (bfbot
// check, export, backup) cannot share the file with a bot either: a copy
// of a file a bot is using must be made by that bot (Store.Backup).
//
// IMPORTANT: values read inside a bbolt transaction die with it; this
// package decodes every record before its transaction ends and never
// returns bbolt memory.
//
// A Store keeps the newest decoded revision of recently changed or read
// campaigns in memory with its document, keyed by revision, so a round
// trip need not decode (nor inflate) what it wrote or read last time;
// every caller gets its own copy (cache.go), which shares the event log:
// an event, once logged, must not be changed in place (Update refuses a
// change to the last one). An Update takes the cached campaign itself for
// its function and puts a copy of the result back. A campaign decoded
// from its stored document (the cache did not hold it) has strings that
// refer to the document's bytes, which the store keeps and never writes
// again (decodeKeptDoc). A caller that keeps one of those strings past
// the campaign's turn (a map key, a cache entry) keeps the whole
// document alive with it, 30 KB a campaign: it keeps a copy
// (strings.Clone), as the bot's channel bindings, schedules and
// DM-channel cache do.
//
// The campaign given to an Update function was made for that call; the
// Dice given to it is fresh for the call and must not be kept.
//
// Undo restores the campaign but keeps the dice state where it is (ruling
// SG1): a change made again after an undo draws the next dice, so an undo
// never shows a roll before choosing who gets it.
//
// Battles' tactical maps are not stored: every decoded campaign passes
// through campaign.Restore, which regenerates them from their sectors
// (decodeDoc in revision.go).
package storage
