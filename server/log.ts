import pino from "pino";
import { env } from "./env";

export const log = pino({ level: env.NODE_ENV === "test" ? "warn" : env.LOG_LEVEL });
