CREATE TABLE "consultation_requests" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consultation_requests_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"brief" text NOT NULL,
	"budget_kobo" bigint NOT NULL,
	"state" text NOT NULL,
	"city" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultation_requests_status_check" CHECK ("consultation_requests"."status" in ('pending', 'accepted', 'declined')),
	CONSTRAINT "consultation_requests_budget_check" CHECK ("consultation_requests"."budget_kobo" > 0)
);
--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultation_requests" ADD CONSTRAINT "consultation_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consultation_requests_seller_idx" ON "consultation_requests" USING btree ("seller_id","status","created_at");--> statement-breakpoint
CREATE INDEX "consultation_requests_user_idx" ON "consultation_requests" USING btree ("user_id","created_at");