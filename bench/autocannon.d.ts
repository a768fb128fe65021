// autocannon ships no types: the part of its API the TypeScript benchmarks use.
declare module "autocannon" {
  type TResult = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number };
  export default function autocannon(options: { url: string; connections?: number; duration?: number }): Promise<TResult>;
}
