-- Statistics kept, not scanned (issue #38). statistics_series holds the facts each finished series
-- was counted with, so a correction or forfeit takes exactly those back before adding the new ones;
-- no foreign key to match_series: a series deleted by a stage reset must still be taken back.
CREATE TABLE "statistics_series" (
	"match_series_id" uuid PRIMARY KEY NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"home_roster_id" uuid NOT NULL,
	"away_roster_id" uuid NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"star_margin" integer,
	"destruction_margin" integer,
	"facts" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_series_home_idx" ON "statistics_series" USING btree ("home_roster_id","finished_at");--> statement-breakpoint
CREATE INDEX "statistics_series_away_idx" ON "statistics_series" USING btree ("away_roster_id","finished_at");--> statement-breakpoint
CREATE INDEX "statistics_series_segment_close_idx" ON "statistics_series" USING btree ("segment_id","star_margin","destruction_margin") WHERE "star_margin" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "statistics_series_event_close_idx" ON "statistics_series" USING btree ("event_id","star_margin","destruction_margin") WHERE "star_margin" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "statistics_players" (
	"segment_id" uuid NOT NULL,
	"player_tag" text NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"wars" integer NOT NULL,
	"attacks" integer NOT NULL,
	"stars" integer NOT NULL,
	"three_stars" integer NOT NULL,
	"destruction_hundredths" bigint NOT NULL,
	CONSTRAINT "statistics_players_pk" PRIMARY KEY("segment_id","player_tag")
);
--> statement-breakpoint
CREATE INDEX "statistics_players_tag_idx" ON "statistics_players" USING btree ("tenant","player_tag");--> statement-breakpoint
-- Top attackers of a stage, or of an event (its totals are the rows whose segment_id is the event's
-- id), read as index range scans. Rates rank players with at least 3 attacks (MIN_ATTACKS_FOR_RATES
-- in statistics-read-service.ts), to a hundredth of a percent.
ALTER TABLE "statistics_players" ADD COLUMN "three_star_rate" integer GENERATED ALWAYS AS (CASE WHEN "attacks" >= 3 THEN "three_stars" * 10000 / "attacks" END) STORED;--> statement-breakpoint
ALTER TABLE "statistics_players" ADD COLUMN "average_destruction" integer GENERATED ALWAYS AS (CASE WHEN "attacks" >= 3 THEN ("destruction_hundredths" / "attacks")::integer END) STORED;--> statement-breakpoint
CREATE INDEX "statistics_players_stars_idx" ON "statistics_players" USING btree ("segment_id","stars" DESC,"attacks" DESC,"player_tag");--> statement-breakpoint
CREATE INDEX "statistics_players_rate_idx" ON "statistics_players" USING btree ("segment_id","three_star_rate" DESC,"attacks" DESC,"player_tag") WHERE "three_star_rate" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "statistics_players_destruction_idx" ON "statistics_players" USING btree ("segment_id","average_destruction" DESC,"attacks" DESC,"player_tag") WHERE "average_destruction" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "statistics_teams" (
	"segment_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"wars" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"draws" integer NOT NULL,
	"forfeits" integer NOT NULL,
	"points" integer NOT NULL,
	"stars_for" integer NOT NULL,
	"stars_against" integer NOT NULL,
	CONSTRAINT "statistics_teams_pk" PRIMARY KEY("segment_id","roster_id")
);
--> statement-breakpoint
CREATE INDEX "statistics_teams_roster_idx" ON "statistics_teams" USING btree ("roster_id");--> statement-breakpoint
CREATE INDEX "statistics_teams_wars_idx" ON "statistics_teams" USING btree ("segment_id","wars" DESC,"points" DESC,"roster_id");--> statement-breakpoint
-- The wars a player played (the profile's last matches), one row per player and series.
CREATE TABLE "statistics_player_series" (
	"tenant" text NOT NULL,
	"player_tag" text NOT NULL,
	"match_series_id" uuid NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statistics_player_series_pk" PRIMARY KEY("player_tag","match_series_id")
);
--> statement-breakpoint
CREATE INDEX "statistics_player_series_recent_idx" ON "statistics_player_series" USING btree ("tenant","player_tag","finished_at");--> statement-breakpoint
CREATE INDEX "statistics_player_series_series_idx" ON "statistics_player_series" USING btree ("match_series_id");--> statement-breakpoint
-- A player's privacy choice: a hidden profile answers 404 to the public; staff still read it.
CREATE TABLE "player_privacy" (
	"tenant" text NOT NULL,
	"player_tag" text NOT NULL,
	"profile_hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_privacy_pk" PRIMARY KEY("tenant","player_tag")
);
--> statement-breakpoint
-- A team page lists the roster's placements in every stage (standings are keyed by segment first).
CREATE INDEX "ladder_standings_roster_idx" ON "ladder_standings" USING btree ("roster_id");--> statement-breakpoint
CREATE INDEX "stage_outcomes_roster_idx" ON "stage_outcomes" USING btree ("roster_id");
