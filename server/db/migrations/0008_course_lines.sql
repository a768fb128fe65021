ALTER TABLE "cart_items" ALTER COLUMN "variant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "kind" text DEFAULT 'variant' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "course_intake_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "kind" text DEFAULT 'variant' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "course_intake_id" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_course_intake_id_course_intakes_id_fk" FOREIGN KEY ("course_intake_id") REFERENCES "public"."course_intakes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_course_intake_id_course_intakes_id_fk" FOREIGN KEY ("course_intake_id") REFERENCES "public"."course_intakes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_course_intake_idx" ON "order_items" USING btree ("course_intake_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_cart_course_intake_unique" UNIQUE("cart_id","course_intake_id");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_check" CHECK ("cart_items"."kind" in ('variant', 'course'));--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_kind_target_check" CHECK (("cart_items"."kind" = 'variant' and "cart_items"."variant_id" is not null and "cart_items"."course_intake_id" is null) or ("cart_items"."kind" = 'course' and "cart_items"."course_intake_id" is not null and "cart_items"."variant_id" is null and "cart_items"."quantity" = 1));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_kind_check" CHECK ("order_items"."kind" in ('variant', 'course'));