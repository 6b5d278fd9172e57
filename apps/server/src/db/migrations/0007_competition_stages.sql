CREATE TABLE "competition_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stage_id" uuid NOT NULL,
	"round_number" integer NOT NULL,
	"input" jsonb NOT NULL,
	"output" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "competition_stages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"event_id" uuid NOT NULL,
	"segment_id" uuid NOT NULL,
	"format" text NOT NULL,
	"teams" jsonb NOT NULL,
	"swiss_config" jsonb,
	"bracket" jsonb,
	"bracket_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_match_series" (
	"match_series_id" uuid PRIMARY KEY NOT NULL,
	"stage_id" uuid NOT NULL,
	"node_id" text NOT NULL,
	"round_number" integer NOT NULL,
	"bracket_number" integer NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stage_outcomes" (
	"segment_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"rank" integer NOT NULL,
	"outcome" text NOT NULL,
	"rule_id" text,
	"next_segment_id" uuid,
	"next_seed" integer,
	"ticket" text,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "stage_outcomes_segment_id_roster_id_pk" PRIMARY KEY("segment_id","roster_id")
);
--> statement-breakpoint
ALTER TABLE "competition_rounds" ADD CONSTRAINT "competition_rounds_stage_id_competition_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."competition_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_stages" ADD CONSTRAINT "competition_stages_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_stages" ADD CONSTRAINT "competition_stages_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_stages" ADD CONSTRAINT "competition_stages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_match_series" ADD CONSTRAINT "stage_match_series_match_series_id_match_series_id_fk" FOREIGN KEY ("match_series_id") REFERENCES "public"."match_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_match_series" ADD CONSTRAINT "stage_match_series_stage_id_competition_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."competition_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_outcomes" ADD CONSTRAINT "stage_outcomes_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_outcomes" ADD CONSTRAINT "stage_outcomes_next_segment_id_segments_id_fk" FOREIGN KEY ("next_segment_id") REFERENCES "public"."segments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "competition_rounds_stage_round_uq" ON "competition_rounds" USING btree ("stage_id","round_number");--> statement-breakpoint
CREATE UNIQUE INDEX "competition_stages_segment_uq" ON "competition_stages" USING btree ("segment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stage_match_series_node_uq" ON "stage_match_series" USING btree ("stage_id","node_id");--> statement-breakpoint
CREATE INDEX "stage_outcomes_next_idx" ON "stage_outcomes" USING btree ("next_segment_id","next_seed");