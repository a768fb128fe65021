CREATE TABLE "marketplace_design_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_design_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"file_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_design_files_stored_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "marketplace_listing_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_listing_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"listing_id" integer NOT NULL,
	"position" integer NOT NULL,
	"small_path" text NOT NULL,
	"large_path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketplace_listings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_listings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"price_kobo" bigint NOT NULL,
	"stock" integer,
	"lead_time_days" integer,
	"delivery" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_note" text,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_listings_slug_unique" UNIQUE("slug"),
	CONSTRAINT "marketplace_listings_kind_check" CHECK ("marketplace_listings"."kind" in ('product', 'design')),
	CONSTRAINT "marketplace_listings_status_check" CHECK ("marketplace_listings"."status" in ('pending', 'published', 'rejected', 'unpublished')),
	CONSTRAINT "marketplace_listings_price_check" CHECK ("marketplace_listings"."price_kobo" > 0),
	CONSTRAINT "marketplace_listings_kind_fields_check" CHECK (("marketplace_listings"."kind" = 'product' and "marketplace_listings"."stock" >= 0 and "marketplace_listings"."lead_time_days" > 0 and "marketplace_listings"."delivery" in ('pickup', 'delivery', 'both'))
       or ("marketplace_listings"."kind" = 'design' and "marketplace_listings"."stock" is null and "marketplace_listings"."lead_time_days" is null and "marketplace_listings"."delivery" is null))
);
--> statement-breakpoint
ALTER TABLE "marketplace_design_files" ADD CONSTRAINT "marketplace_design_files_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listing_photos" ADD CONSTRAINT "marketplace_listing_photos_listing_id_marketplace_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."marketplace_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_listings" ADD CONSTRAINT "marketplace_listings_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "marketplace_design_files_listing_idx" ON "marketplace_design_files" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "marketplace_listing_photos_listing_idx" ON "marketplace_listing_photos" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "marketplace_listings_status_idx" ON "marketplace_listings" USING btree ("status","published_at");--> statement-breakpoint
CREATE INDEX "marketplace_listings_seller_idx" ON "marketplace_listings" USING btree ("seller_id","created_at");