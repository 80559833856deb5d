CREATE TABLE "image_variants" (
	"image_id" uuid NOT NULL,
	"variant" text NOT NULL,
	"etag" text NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "image_variants_image_id_variant_pk" PRIMARY KEY("image_id","variant")
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"route" text NOT NULL,
	"key" text NOT NULL,
	"hits" integer NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	CONSTRAINT "rate_limit_hits_route_key_pk" PRIMARY KEY("route","key")
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_variants" ADD CONSTRAINT "image_variants_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_end_idx" ON "rate_limit_hits" USING btree ("window_end");