-- Every new ZavCharge account starts on the Monthly plan (docs/product/zavcharge.md#plans): it exists in every
-- database, demo or not; the admin changes its price, and adds other plans.
INSERT INTO "zavcharge_plans" ("code", "name", "price_kobo", "period_days", "sort_order")
VALUES ('monthly', 'ZavCharge Monthly', 1500000, 30, 1)
ON CONFLICT ("code") DO NOTHING;
