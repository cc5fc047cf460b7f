CREATE TABLE "refused_callbacks" (
	"minute" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "refused_callbacks_minute_provider_pk" PRIMARY KEY("minute","provider")
);
