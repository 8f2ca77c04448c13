// Package render draws PNG pictures of tactical and strategic maps for one
// viewer.
//
// The input types (Tactical, Counter, Highlight, StrategicView, SectorMark)
// hold only what that viewer may know: a counter whose Class is empty is
// drawn as an information blind (its Kind symbol and a question mark), an
// enemy counter carries no Step or Experience, and the package has no way
// to reach the battle state behind the view. Fog of war is decided by
// whoever builds the view (the referee's per-player View), never here, so a
// rendering bug cannot leak a secret the view did not already hold.
//
// # Drawing
//
// Hex fills, terrain marks, roads and grid lines are drawn straight into an
// *image.RGBA by the scan-line and anti-aliased primitives of raster.go and
// the sprites of sprite.go, because a sector map has over a thousand hexes
// and gg's general path rasterizer would spend most of the time budget on
// them (BENCHMARKS.md holds a map against the time to encode a blank
// canvas). The terrain is painted in bands of rows that stay in the
// processor's cache. gg draws
// the shapes where its paths pay off: counter symbols (once per class and
// size, then kept) and the strategic map. Text goes through a glyph cache
// built from the embedded Go fonts (gofont), never from system fonts, so
// the same input gives the same pixels everywhere. The finished picture is
// mapped to a fixed palette of at most 256 colours the renderer knows
// (palette.go) and written as a paletted PNG: a third of the bytes of
// RGB; what a terrain holds in known indices (the margins' background,
// the rulers' numbers, kept, and its opaque hex numbers) is written in
// them straight, not painted and mapped (terrainRows). A tactical
// map's terrain is copied hex by hex from paletted tiles kept for the
// process across maps, each painted once for every kind of hex (its
// ground, marks, roads and zone and what its neighbours draw over it),
// so a new battle's map costs little more than the copy once the
// maps before it have painted most kinds (tiles.go); it is made once
// per map and deployment zones and kept
// paletted (base.go), and deflated once (mapcode.go,
// deflate.go), and so is its title strip's legend (striptemplate.go);
// each picture redraws only its title and viewer, the hexes a move
// preview marks (kept marked once painted, reach.go) and the
// rectangles its counters and marks touch, and deflates only what
// those changed. A strategic map's sectors are painted once per map in
// palette entries (the strips and the orbit box above them once per
// size, kept across maps), their words and icons laid from patches
// kept across maps (strategic_base_entries.go), and matched once per
// map (with a thorough matcher, deflate_chain.go), its legends kept
// drawn and deflated (a new one put together from lines kept across
// legends, strategic_legend_lines.go), its marks and arrows kept as
// sprites, and the marks and words laid on a plain ground kept in
// palette entries (strategic_base.go, strategic_sprites.go,
// strategic_patches.go); each picture draws the viewer's arrows and the
// rest of its marks over them, lays the kept ones, and codes afresh only
// the tokens of the base they broke. Its
// text is drawn in three shades of coverage (coarseFace).
//
// # Reading a tactical map
//
// Discord shows a sector map inline at a quarter of its size: the
// columns and rows are numbered in the margins in numerals sized for
// that (ruler.go), and every hex carries its number at its top for the
// picture opened full size. Counters stand below the number, centred
// across the hex; a stack stands side by side (stack.go). Retreat edges
// are bars beside the map (edge.go), deployment zones are hatched, a
// move's path ends in an arrowhead, and the legend explains each mark
// the picture holds (legend_marks.go).
//
// # Caveats
//
// Rendering is deterministic for a given input and Options on one
// architecture, whatever maps the process drew before (a terrain
// copied from tiles is the terrain painted, TestTilesAsPainted);
// golden tests compare decoded pixels exactly. A tactical PNG's bytes
// are deterministic too, whatever pictures were written before it: each
// is spliced from its terrain's bits, made from the terrain alone, never
// from another picture's matches, which would carry where that viewer's
// counters stand (ruling RND3, TestPictureBytesViewersOwn).
// DrawTactical
// and DrawStrategic are safe to call from several goroutines at once.
// What the package keeps across pictures is bounded in bytes as well as
// in values at every hex size (kept.go, TestCachesBoundedInBytes).
package render
