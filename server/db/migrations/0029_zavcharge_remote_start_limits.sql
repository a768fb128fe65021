CREATE TABLE "zavcharge_remote_start_limits" (
	"charger_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"energy_limit_wh" bigint,
	"money_limit_kobo" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "zavcharge_remote_start_limits_charger_id_connector_id_id_tag_pk" PRIMARY KEY("charger_id","connector_id","id_tag")
);
--> statement-breakpoint
ALTER TABLE "zavcharge_remote_start_limits" ADD CONSTRAINT "zavcharge_remote_start_limits_charger_id_chargers_id_fk" FOREIGN KEY ("charger_id") REFERENCES "public"."chargers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zavcharge_remote_start_limits_expires_idx" ON "zavcharge_remote_start_limits" USING btree ("expires_at");