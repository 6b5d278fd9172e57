ALTER TABLE "rosters" ADD COLUMN "team_id" uuid;--> statement-breakpoint
ALTER TABLE "rosters" ADD CONSTRAINT "rosters_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rosters_team_idx" ON "rosters" USING btree ("team_id");
