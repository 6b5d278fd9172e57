CREATE TABLE "checkins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"user_id" uuid NOT NULL,
	"match_series_id" uuid,
	"roster_id" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ladder_standings" (
	"segment_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"placement" integer NOT NULL,
	"points" integer NOT NULL,
	"wins" integer NOT NULL,
	"losses" integer NOT NULL,
	"draws" integer NOT NULL,
	"games_played" integer NOT NULL,
	"stars_for" integer NOT NULL,
	"stars_against" integer NOT NULL,
	"record" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ladder_standings_segment_id_roster_id_pk" PRIMARY KEY("segment_id","roster_id")
);
--> statement-breakpoint
CREATE TABLE "match_series" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"match_up_id" uuid,
	"date" timestamp with time zone NOT NULL,
	"state" text NOT NULL,
	"bye" boolean DEFAULT false NOT NULL,
	"round_number" integer,
	"bracket" text,
	"group_name" text,
	"war_id" text,
	"war_link" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "match_series_competitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_series_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"roster_id" uuid,
	"player_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"placement" integer,
	"score" integer,
	"forfeit" boolean DEFAULT false NOT NULL,
	"date" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_up_sides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"match_up_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"queue_entry_id" uuid NOT NULL,
	"side" text NOT NULL,
	"owner_id" uuid,
	"response" text NOT NULL,
	"responded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "match_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"segment_id" uuid NOT NULL,
	"th_level" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text,
	"match_series_id" uuid
);
--> statement-breakpoint
CREATE TABLE "queue_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"roster_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"th_level" integer NOT NULL,
	"owner_id" uuid,
	"player_tags" jsonb NOT NULL,
	"status" text NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"match_up_id" uuid,
	"match_series_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "selected_players" (
	"roster_id" uuid PRIMARY KEY NOT NULL,
	"clan_tag" text NOT NULL,
	"player_tags" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"username" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_link_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"player_tag" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text DEFAULT 'coc' NOT NULL,
	"player_tag" text NOT NULL,
	"username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_profiles" (
	"player_tag" text PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_tag" text NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roster_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roster_id" uuid NOT NULL,
	"player_tag" text NOT NULL,
	"name" text NOT NULL,
	"th_level" integer NOT NULL,
	"role_at_selection" text NOT NULL,
	"position" text NOT NULL,
	"selected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"registered_at" timestamp with time zone,
	"removed_at" timestamp with time zone,
	"removed_reason" text
);
--> statement-breakpoint
CREATE TABLE "rosters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"name" text,
	"owner_id" uuid,
	"clan_tag" text,
	"th_level" integer,
	"tree_level" integer DEFAULT 0 NOT NULL,
	"external_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"checked_in" boolean DEFAULT false NOT NULL,
	"changes_used" integer DEFAULT 0 NOT NULL,
	"changes_period" text,
	"joining_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "rosters_joining_key_unique" UNIQUE("joining_key")
);
--> statement-breakpoint
CREATE TABLE "sim_clans" (
	"tag" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"clan_level" integer NOT NULL,
	"is_war_log_public" boolean NOT NULL,
	"war_status" text NOT NULL,
	"purpose" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_players" (
	"tag" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"town_hall_level" integer NOT NULL,
	"clan_tag" text,
	"role" text,
	"api_token" text NOT NULL,
	"banned" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_wars" (
	"id" text PRIMARY KEY NOT NULL,
	"match_series_id" text NOT NULL,
	"home_clan_tag" text NOT NULL,
	"away_clan_tag" text NOT NULL,
	"lineups" jsonb NOT NULL,
	"status" text NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkins" ADD CONSTRAINT "checkins_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ladder_standings" ADD CONSTRAINT "ladder_standings_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_series" ADD CONSTRAINT "match_series_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_series" ADD CONSTRAINT "match_series_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_series_competitors" ADD CONSTRAINT "match_series_competitors_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_up_sides" ADD CONSTRAINT "match_up_sides_match_up_id_match_ups_id_fk" FOREIGN KEY ("match_up_id") REFERENCES "public"."match_ups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_up_sides" ADD CONSTRAINT "match_up_sides_queue_entry_id_queue_entries_id_fk" FOREIGN KEY ("queue_entry_id") REFERENCES "public"."queue_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_ups" ADD CONSTRAINT "match_ups_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_entries" ADD CONSTRAINT "queue_entries_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_accounts" ADD CONSTRAINT "chat_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_link_codes" ADD CONSTRAINT "chat_link_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_accounts" ADD CONSTRAINT "game_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tokens" ADD CONSTRAINT "player_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roster_members" ADD CONSTRAINT "roster_members_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rosters" ADD CONSTRAINT "rosters_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rosters" ADD CONSTRAINT "rosters_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rosters" ADD CONSTRAINT "rosters_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_players" ADD CONSTRAINT "sim_players_clan_tag_sim_clans_tag_fk" FOREIGN KEY ("clan_tag") REFERENCES "public"."sim_clans"("tag") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_series_user_uq" ON "checkins" USING btree ("match_series_id","user_id") WHERE "checkins"."match_series_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "checkins_roster_user_uq" ON "checkins" USING btree ("roster_id","user_id") WHERE "checkins"."roster_id" is not null and "checkins"."match_series_id" is null;--> statement-breakpoint
CREATE INDEX "ladder_standings_placement_idx" ON "ladder_standings" USING btree ("segment_id","placement");--> statement-breakpoint
CREATE UNIQUE INDEX "match_series_match_up_uq" ON "match_series" USING btree ("match_up_id") WHERE "match_series"."match_up_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "match_series_war_uq" ON "match_series" USING btree ("war_id") WHERE "match_series"."war_id" is not null;--> statement-breakpoint
CREATE INDEX "match_series_segment_date_idx" ON "match_series" USING btree ("segment_id","date");--> statement-breakpoint
CREATE INDEX "match_series_event_date_idx" ON "match_series" USING btree ("event_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "match_series_competitors_position_uq" ON "match_series_competitors" USING btree ("match_series_id","position");--> statement-breakpoint
CREATE INDEX "match_series_competitors_roster_idx" ON "match_series_competitors" USING btree ("roster_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "match_up_sides_live_roster_uq" ON "match_up_sides" USING btree ("roster_id") WHERE "match_up_sides"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "match_up_sides_match_up_side_uq" ON "match_up_sides" USING btree ("match_up_id","side");--> statement-breakpoint
CREATE INDEX "match_up_sides_roster_idx" ON "match_up_sides" USING btree ("roster_id","created_at");--> statement-breakpoint
CREATE INDEX "match_up_sides_owner_idx" ON "match_up_sides" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "match_ups_due_idx" ON "match_ups" USING btree ("expires_at") WHERE "match_ups"."status" = 'awaiting_confirmation';--> statement-breakpoint
CREATE INDEX "match_ups_segment_idx" ON "match_ups" USING btree ("segment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "queue_entries_live_roster_uq" ON "queue_entries" USING btree ("roster_id") WHERE "queue_entries"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "queue_entries_waiting_idx" ON "queue_entries" USING btree ("segment_id","th_level","joined_at") WHERE "queue_entries"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "queue_entries_roster_idx" ON "queue_entries" USING btree ("roster_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_accounts_user_provider_uq" ON "chat_accounts" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_accounts_external_uq" ON "chat_accounts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_accounts_tag_uq" ON "game_accounts" USING btree ("provider","player_tag");--> statement-breakpoint
CREATE INDEX "game_accounts_user_idx" ON "game_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "player_tokens_tag_idx" ON "player_tokens" USING btree ("player_tag");--> statement-breakpoint
CREATE INDEX "player_tokens_expires_idx" ON "player_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "roster_members_roster_tag_uq" ON "roster_members" USING btree ("roster_id","player_tag");--> statement-breakpoint
CREATE INDEX "roster_members_tag_idx" ON "roster_members" USING btree ("player_tag");--> statement-breakpoint
CREATE INDEX "rosters_segment_idx" ON "rosters" USING btree ("segment_id","tree_level","created_at");--> statement-breakpoint
CREATE INDEX "rosters_event_owner_idx" ON "rosters" USING btree ("event_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rosters_live_clan_uq" ON "rosters" USING btree ("segment_id","clan_tag") WHERE "rosters"."withdrawn_at" is null and "rosters"."clan_tag" is not null;--> statement-breakpoint
CREATE INDEX "sim_players_clan_idx" ON "sim_players" USING btree ("clan_tag");