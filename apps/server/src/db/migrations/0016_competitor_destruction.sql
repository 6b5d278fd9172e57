ALTER TABLE "match_series_competitors" ADD COLUMN "destruction" numeric(5, 2);
