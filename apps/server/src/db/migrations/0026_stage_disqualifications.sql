CREATE TABLE "stage_disqualifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tenant" text NOT NULL,
	"segment_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"disqualified_by" uuid,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "stage_disqualifications" ADD CONSTRAINT "stage_disqualifications_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_disqualifications" ADD CONSTRAINT "stage_disqualifications_roster_id_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_disqualifications" ADD CONSTRAINT "stage_disqualifications_disqualified_by_users_id_fk" FOREIGN KEY ("disqualified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stage_disqualifications_uq" ON "stage_disqualifications" USING btree ("segment_id","roster_id");--> statement-breakpoint
CREATE INDEX "stage_disqualifications_roster_idx" ON "stage_disqualifications" USING btree ("roster_id");
