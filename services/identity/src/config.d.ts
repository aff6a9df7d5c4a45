import { z } from "zod";
export declare const identityConfigSchema: z.ZodObject<{
    NODE_ENV: z.ZodDefault<z.ZodEnum<{
        development: "development";
        test: "test";
        production: "production";
    }>>;
    LOG_LEVEL: z.ZodDefault<z.ZodEnum<{
        error: "error";
        fatal: "fatal";
        warn: "warn";
        info: "info";
        debug: "debug";
        trace: "trace";
        silent: "silent";
    }>>;
    HTTP_HOST: z.ZodDefault<z.ZodString>;
    HTTP_BODY_LIMIT: z.ZodDefault<z.ZodString>;
    INTERNAL_IDENTITY_SECRET: z.ZodString;
    INTERNAL_IDENTITY_TTL_SECONDS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    SHUTDOWN_TIMEOUT_MS: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    MONGO_URL: z.ZodString;
    NATS_URL: z.ZodString;
    NATS_SUBJECT_PREFIX: z.ZodDefault<z.ZodString>;
    HTTP_PORT: z.ZodDefault<z.ZodCoercedNumber<unknown>>;
    MONGO_DB: z.ZodDefault<z.ZodString>;
    DEMO_EMAIL: z.ZodOptional<z.ZodEmail>;
    DEMO_PASSWORD: z.ZodOptional<z.ZodString>;
}, z.core.$strip>;
export type IdentityConfig = z.output<typeof identityConfigSchema>;
export declare const loadIdentityConfig: (env?: NodeJS.ProcessEnv) => IdentityConfig;
//# sourceMappingURL=config.d.ts.map