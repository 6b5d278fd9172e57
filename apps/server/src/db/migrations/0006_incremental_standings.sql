CREATE TABLE "ladder_standing_levels" (
	"segment_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"rosters" integer NOT NULL,
	CONSTRAINT "ladder_standing_levels_segment_id_points_pk" PRIMARY KEY("segment_id","points")
);
--> statement-breakpoint
DROP INDEX "ladder_standings_placement_idx";--> statement-breakpoint
ALTER TABLE "ladder_standings" ADD COLUMN "star_diff" integer GENERATED ALWAYS AS (stars_for - stars_against) STORED;--> statement-breakpoint
ALTER TABLE "ladder_standing_levels" ADD CONSTRAINT "ladder_standing_levels_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ladder_standings_order_idx" ON "ladder_standings" USING btree ("segment_id","points","star_diff","stars_for","roster_id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "ladder_standings" DROP COLUMN "rank";--> statement-breakpoint
ALTER TABLE "ladder_standings" DROP COLUMN "placement";--> statement-breakpoint
-- Hand-written: the points levels of the standings that already exist (they were only rebuilt on results before).
INSERT INTO "ladder_standing_levels" ("segment_id", "points", "rosters")
SELECT "segment_id", "points", count(*)::int FROM "ladder_standings" GROUP BY "segment_id", "points";
