/*
Package config holds bfbot's one Config: its defaults, the TOML config file,
the BFBOT_* environment variables, and Validate, whose messages say what to
change.

# Precedence

Each key takes the last of these that sets it:

 1. the default (Default);
 2. the TOML file given to Load (`bfbot serve --config FILE`), if any;
 3. the environment variable, which wins over the file.

So a file can hold the shared settings and the environment the secret and
per-machine ones. Load reads; it does not validate. Call Validate (console,
demo, tools) or ValidateForDiscord (serve) on the result.

# Keys

All keys are top-level in the file (no [tables]); each has one environment
variable, BFBOT_ and the key in upper case.

	key               environment variable     default
	token             BFBOT_TOKEN              "" (required by serve)
	application_id    BFBOT_APPLICATION_ID     "" (required by serve)
	dev_guild_id      BFBOT_DEV_GUILD_ID       "" (register commands globally)
	database_path     BFBOT_DATABASE_PATH      "bfbot.db"
	store             BFBOT_STORE              "bbolt" (bbolt: one process; etcd: several)
	etcd_endpoints    BFBOT_ETCD_ENDPOINTS     "" (client URLs, comma-separated; store etcd)
	etcd_prefix       BFBOT_ETCD_PREFIX        "bfbot/" (ends with /)
	etcd_ca_file      BFBOT_ETCD_CA_FILE       "" (PEM: the CA of the members' certificates)
	etcd_cert_file    BFBOT_ETCD_CERT_FILE     "" (PEM: the client certificate, with etcd_key_file)
	etcd_key_file     BFBOT_ETCD_KEY_FILE      "" (PEM: the client key)
	etcd_username     BFBOT_ETCD_USERNAME      "" (with etcd_password; set in the environment)
	etcd_password     BFBOT_ETCD_PASSWORD      "" (a secret, like the token)
	lease_ttl_seconds BFBOT_LEASE_TTL_SECONDS  10 (2 to 300: a dead process's campaigns wait that long)
	shard_id          BFBOT_SHARD_ID           0 (this process's gateway shard)
	shard_count       BFBOT_SHARD_COUNT        1 (gateway shards; more than 1 needs store etcd)
	undo_snapshots    BFBOT_UNDO_SNAPSHOTS     20 (1 to 1000, per campaign)
	max_campaigns_per_server BFBOT_MAX_CAMPAIGNS_PER_SERVER 20 (1 to 10000 not yet over)
	time_zone         BFBOT_TIME_ZONE          "UTC" (IANA name)
	order_deadline    BFBOT_ORDER_DEADLINE     "0 20 * * *" (cron: daily 20:00)
	battle_deadline   BFBOT_BATTLE_DEADLINE    "" (no battle deadline)
	log_level         BFBOT_LOG_LEVEL          "info" (debug, info, warn, error)
	hex_size          BFBOT_HEX_SIZE           20 (pixels, 8 to 64)
	show_hex_numbers  BFBOT_SHOW_HEX_NUMBERS   true
	png_compression   BFBOT_PNG_COMPRESSION    "speed" (speed, default, best)

token, application_id: the bot token (Bot page) and Application ID (General
Information page) from the Discord developer portal. Keep the token out of
the file: set BFBOT_TOKEN.

dev_guild_id: a server ID (Discord Developer Mode, right-click the server,
Copy Server ID). Commands registered in one guild appear at once; global
registration may take Discord up to an hour, so set it while developing.

store and the etcd_ keys: where the campaigns are kept; docs/deploy.md
says how to run one process on the bbolt file (the default) or several on
etcd, with shard_id and shard_count splitting Discord's gateway among them.

time_zone, order_deadline, battle_deadline: the defaults for new campaigns,
which each campaign can change. A deadline is a cron spec in the syntax of
robfig/cron's standard parser, read in time_zone: five fields "minute hour
day-of-month month day-of-week" with *, numbers, names (JAN–DEC, SUN–SAT),
ranges, steps and lists, or a descriptor: @daily, @weekly, @every 12h…
See ValidateCron.

The environment variable BFBOT_CONFIG is reserved for the path of the config
file; any other unknown BFBOT_* variable is an error, so a misspelt one does
not silently leave its setting at the default.

An environment value must parse as its key's type: BFBOT_HEX_SIZE=abc is an
error naming the variable. For booleans, true/false/1/0 (strconv.ParseBool).

# Example file

	# bfbot.toml
	application_id = "123456789012345678"
	dev_guild_id   = "234567890123456789"
	database_path  = "/var/lib/bfbot/bfbot.db"
	time_zone      = "Europe/Berlin"
	order_deadline = "0 20 * * MON-FRI"
	log_level      = "info"
	hex_size       = 24

config/testdata/example.toml has every key, and a test loads it.

# Caveats

IMPORTANT: the token is a Secret, which prints and encodes as "[redacted]"
everywhere (fmt, JSON, TOML, slog); only Secret.Reveal gives it. Converting
it with string(…) or reading it by reflection bypasses that.
Error messages never quote the token, nor any value longer than 40
characters (a token pasted into the wrong key).
*/
package config
