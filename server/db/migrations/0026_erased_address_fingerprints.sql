CREATE TABLE "erased_address_fingerprints" (
	"fingerprint" text PRIMARY KEY NOT NULL,
	"erased_at" timestamp with time zone DEFAULT now() NOT NULL
);
