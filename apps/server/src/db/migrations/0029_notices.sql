-- Reserved for the notice log (issue #34); replaced by its migration.
SELECT 1;
