package config

import (
	"image/png"
	"log/slog"
	"strings"
)

// LogLevel names a log/slog level in the config file: debug, info, warn or
// error (any letter case). It implements slog.Leveler, so it can be passed as
// slog.HandlerOptions.Level directly.
type LogLevel string

// The log levels a config may name.
const (
	LogDebug LogLevel = "debug"
	LogInfo  LogLevel = "info"
	LogWarn  LogLevel = "warn"
	LogError LogLevel = "error"
)

var logLevels = map[LogLevel]slog.Level{
	LogDebug: slog.LevelDebug,
	LogInfo:  slog.LevelInfo,
	LogWarn:  slog.LevelWarn,
	LogError: slog.LevelError,
}

// Level implements slog.Leveler. An unknown name gives slog.LevelInfo, which
// only an unvalidated Config can hold (Validate rejects it).
func (l LogLevel) Level() slog.Level {
	if lv, ok := logLevels[LogLevel(strings.ToLower(string(l)))]; ok {
		return lv
	}
	return slog.LevelInfo
}

func (l LogLevel) valid() bool {
	_, ok := logLevels[LogLevel(strings.ToLower(string(l)))]
	return ok
}

// PNGCompression names an image/png compression level: speed, default or
// best (any letter case). Speed is the default because maps are rendered on
// every turn for every viewer, and Discord's upload limit is far above a map's
// size at any level.
type PNGCompression string

// The compression levels a config may name.
const (
	PNGSpeed   PNGCompression = "speed"
	PNGDefault PNGCompression = "default"
	PNGBest    PNGCompression = "best"
)

var pngLevels = map[PNGCompression]png.CompressionLevel{
	PNGSpeed:   png.BestSpeed,
	PNGDefault: png.DefaultCompression,
	PNGBest:    png.BestCompression,
}

// Level returns the png.Encoder compression level. An unknown name gives
// png.BestSpeed, the default; Validate rejects unknown names.
func (p PNGCompression) Level() png.CompressionLevel {
	if lv, ok := pngLevels[PNGCompression(strings.ToLower(string(p)))]; ok {
		return lv
	}
	return png.BestSpeed
}

func (p PNGCompression) valid() bool {
	_, ok := pngLevels[PNGCompression(strings.ToLower(string(p)))]
	return ok
}
