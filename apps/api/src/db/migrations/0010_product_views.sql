CREATE TABLE "product_views" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "product_views_day_product_id_visitor_pk" PRIMARY KEY("day","product_id","visitor")
);
--> statement-breakpoint
ALTER TABLE "product_views" ADD CONSTRAINT "product_views_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;