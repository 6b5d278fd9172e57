ALTER TABLE "events" ADD COLUMN "prizes" jsonb;
