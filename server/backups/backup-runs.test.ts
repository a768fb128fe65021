import { createHash, randomBytes } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statfsSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, lagosDayStart, lagosToday } from "@domain/time/lagos-time";
import { S3_ACCESS_KEY, S3_SECRET_KEY, startS3Front, startS3Storage } from "../../tests/fakes/s3-storage";
import { watchLog } from "../../tests/support/log-lines";
import { createTcpGate } from "../../tests/support/tcp-gate";
import { browserHeaders, cookieFrom } from "../../tests/support/requests";
import { createSession } from "../../tests/support/sessions";
import { totp } from "../../tests/support/totp";
import { orFail } from "../../tests/support/results";
import { makeUser } from "../../tests/support/store-fixtures";
import { useTestDatabase } from "../../tests/support/test-database";
import { adminAlerts } from "../alerts/schema";
import { auditLog } from "../audit/schema";
import { getAuth } from "../auth/auth";
import { confirmTwoFactor } from "../auth/confirm-two-factor";
import { users } from "../auth/schema";
import { signIn } from "../auth/sign-in";
import { SIGNING_SECRET_FILE } from "../auth/signing-secret";
import { startTwoFactor } from "../auth/start-two-factor";
import { verifySecondFactor } from "../auth/verify-second-factor";
import { getDb } from "../db/client";
import { env, readEnv } from "../env";
import { outbox } from "../messaging/schema";
import { updateSettings } from "../settings/update-settings";
import { backUpNowAsAdmin } from "./back-up-now";
import { dailyBackupJob } from "./backup-job";
import { NEEDS_RECENT_SECOND_FACTOR, openBackupDownload } from "./download-backup";
import { getBackupProgress, getBackupsOverview } from "./get-backups-overview";
import { backupFolder, runBackup, startBackup } from "./run-backup";
import { backups } from "./schema";

// The backups the site runs itself (docs/operations.md#backups): once a day at the set hour in Lagos, one at a time,
// kept on the rotation, and every admin told when one fails or the last good one is too old.

useTestDatabase();

const work = mkdtempSync(join(tmpdir(), "zavolah-backup-runs-"));
const DAY = 86_400_000;
let adminEmails: string[];
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  (env as { DATA_DIR: string }).DATA_DIR = join(work, "site");
  mkdirSync(join(env.DATA_DIR, "uploads"), { recursive: true });
  writeFileSync(join(env.DATA_DIR, SIGNING_SECRET_FILE), randomBytes(48).toString("base64url"));
  writeFileSync(join(env.DATA_DIR, "uploads", "sofa.webp"), randomBytes(2_000));
  admin = await makeUser("admin", "Funmilayo Adeyemi");
  const second = await makeUser("admin", "Ibrahim Musa");
  adminEmails = [admin.email, second.email];
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

beforeEach(async () => {
  await getDb().delete(backups);
  await getDb().delete(adminAlerts);
  await getDb().delete(outbox);
  rmSync(backupFolder(), { recursive: true, force: true });
});

/** Whether this machine lets the tests mount a small tmpfs (root, with the right to mount, as on CI). */
function canMountSmallDisk(): boolean {
  const probe = mkdtempSync(join(tmpdir(), "zavolah-mount-probe-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe], { stdio: "ignore" });
    execFileSync("umount", [probe], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

const mailTo = async (subject: string) =>
  (await getDb().select().from(outbox).where(inArray(outbox.recipient, adminEmails))).filter((m) => m.subject.includes(subject));
const openAlerts = () => getDb().select().from(adminAlerts).where(eq(adminAlerts.status, "open"));
const runJob = (startedAt: Date, state: Record<string, unknown> = {}) =>
  dailyBackupJob.run({ state, startedAt, signal: new AbortController().signal });

describe("the daily backup", () => {
  it("waits for the set hour in Lagos, then backs up once that day", async () => {
    // A site first started in the afternoon makes no backup until the night.
    const firstRun = new Date("2026-12-01T14:00:00Z");
    const state = (await runJob(firstRun)) as Record<string, unknown>;
    expect(state.watchingSince).toBe(firstRun.toISOString());
    expect(await getDb().select().from(backups)).toHaveLength(0);

    await updateSettings(admin.id, { backupHourLagos: 3 }); // 03:00 Lagos = 02:00 UTC
    await runJob(new Date("2026-12-02T01:50:00Z"), state);
    expect(await getDb().select().from(backups)).toHaveLength(0);
    await runJob(new Date("2026-12-02T02:05:00Z"), state);
    await runJob(new Date("2026-12-02T02:20:00Z"), state);
    const made = await getDb().select().from(backups);
    expect(made).toMatchObject([{ status: "succeeded", trigger: "schedule", progress: 100, encrypted: false }]);
    expect(readdirSync(backupFolder())).toEqual([made[0]!.fileName]);
    expect(made[0]!.bytes).toBeGreaterThan(1_000);
    await updateSettings(admin.id, { backupHourLagos: 2 });
  }, 60_000);

  it("runs one backup at a time, and records one whose server stopped as cut off, removing its half-written file", async () => {
    const first = orFail(await startBackup("admin", admin.id));
    const second = await startBackup("schedule", null);
    expect(second).toMatchObject({ ok: false, error: { message: "A backup is already running: wait for it to finish." } });
    // Its server stopped: the heartbeat is three minutes old.
    await getDb()
      .update(backups)
      .set({ heartbeatAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(backups.id, first.id));
    expect((await getBackupProgress(first.id))?.status).toBe("failed");
    // It left half a file behind, as a killed process does.
    mkdirSync(backupFolder(), { recursive: true });
    writeFileSync(join(backupFolder(), "zavolah-20261202T010000Z.tar.gz.partial"), randomBytes(5_000));
    const log = watchLog();
    const third = orFail(await startBackup("schedule", null));
    const [cutOff] = await getDb().select().from(backups).where(eq(backups.id, first.id));
    expect(cutOff).toMatchObject({ status: "failed", error: "The server stopped while this backup was being made." });
    expect(third.id).not.toBe(first.id);
    // The next backup clears the half-written file away and succeeds; the cut-off one is among the failures.
    const made = orFail(await runBackup(third.id));
    expect(readdirSync(backupFolder())).toEqual([basename(made.file)]);
    log.expectLogged("removed a backup file a stopped server left half-written", { file: "zavolah-20261202T010000Z.tar.gz.partial" });
    expect((await getBackupsOverview()).failures.map((f) => f.id)).toEqual([first.id]);
  });
});

describe("Back up now", () => {
  it("is audited, shows its progress and ends on the page as the last good backup", async () => {
    const started = orFail(await backUpNowAsAdmin(admin));
    await expect.poll(async () => (await getBackupProgress(started.id))?.status, { timeout: 30_000 }).toBe("succeeded");
    const overview = await getBackupsOverview();
    expect(overview.lastGood).toMatchObject({ id: started.id, trigger: "admin", requestedBy: "Funmilayo Adeyemi", progress: 100 });
    expect(overview.running).toBeNull();
    expect(overview.kept.map((b) => b.id)).toEqual([started.id]);
    expect(overview.folder).toBe(join(env.DATA_DIR, "backups"));
    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "backup.start"), eq(auditLog.resourceId, String(started.id))));
    expect(audited).toMatchObject([{ actorId: admin.id }]);
    const customer = await makeUser("customer", "Tobi Alade");
    expect(await backUpNowAsAdmin(customer)).toMatchObject({ ok: false, error: { code: "forbidden" } });
  }, 60_000);
});

describe("when backups go wrong", () => {
  it("tells every admin once that a backup failed, with the reason; a good backup clears it", async () => {
    // The signing secret has gone missing from the data folder: no backup can be made that a restore could use.
    const log = watchLog();
    const secret = join(env.DATA_DIR, SIGNING_SECRET_FILE);
    const kept = `${secret}.aside`;
    renameSync(secret, kept);
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = await runBackup(orFail(await startBackup("admin", admin.id)).id);
        expect(failed).toMatchObject({ ok: false, error: { message: expect.stringContaining("No signing secret to back up") } });
        log.expectLogged("backup failed", { level: "error" });
      }
    } finally {
      renameSync(kept, secret);
    }
    const overview = await getBackupsOverview();
    expect(overview.failures).toHaveLength(2);
    expect(overview.failures[0]!.error).toContain("No signing secret to back up");
    expect(await openAlerts()).toMatchObject([{ type: "backup", title: "A backup failed", severity: "high" }]);
    const mails = await mailTo("A backup failed");
    expect(mails.map((m) => m.recipient).sort()).toEqual([...adminEmails].sort());
    expect(readdirSync(backupFolder()).filter((f) => !f.endsWith(".partial"))).toEqual([]);

    orFail(await runBackup(orFail(await startBackup("admin", admin.id)).id));
    expect(await openAlerts()).toEqual([]);
  }, 60_000);

  it.runIf(canMountSmallDisk())(
    "says the disk is full, before writing or in the middle, keeps the earlier backup and nothing half-written (mounts a small disk: needs root)",
    async () => {
      const log = watchLog();
      const disk = join(work, "small-disk");
      mkdirSync(disk, { recursive: true });
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk]);
      const settings = env as { BACKUP_DIR?: string };
      settings.BACKUP_DIR = disk;
      const plans = join(env.DATA_DIR, "uploads", "lekki-house-plans.pdf");
      try {
        const good = orFail(await runBackup(orFail(await startBackup("schedule", null)).id));
        const free = () => statfsSync(disk).bavail * statfsSync(disk).bsize;
        // The disk filled up by something else, leaving room for half a backup.
        writeFileSync(join(disk, "other-things.bin"), Buffer.alloc(free() - Math.ceil(good.bytes / 2 / 4096) * 4096));
        const full =
          /^The backup failed: The disk holding the backup folder .+small-disk is full \(\d+ KB free\): free space there or set BACKUP_DIR to a larger disk\. Nothing of this backup was kept, and the earlier backups are untouched\.$/;
        const midWrite = await runBackup(orFail(await startBackup("admin", admin.id)).id);
        expect(midWrite).toMatchObject({ ok: false, error: { message: expect.stringMatching(full) } });
        expect(readdirSync(disk).sort()).toEqual([basename(good.file), "other-things.bin"].sort());

        // Files bigger than the room left: refused before a byte is written.
        writeFileSync(plans, randomBytes(600 * 1024));
        const before = await runBackup(orFail(await startBackup("admin", admin.id)).id);
        expect(before).toMatchObject({
          ok: false,
          error: { message: expect.stringMatching(/\(\d+ KB free, the files alone take 60\d KB\)/) },
        });
        expect(readdirSync(disk).sort()).toEqual([basename(good.file), "other-things.bin"].sort());

        log.expectLogged("backup failed", { level: "error" });
        const overview = await getBackupsOverview();
        expect(overview.lastGood?.fileName).toBe(basename(good.file));
        expect(overview.failures[1]!.error).toMatch(/is full \(\d+ KB free\)/);
        expect(await openAlerts()).toMatchObject([{ title: "A backup failed", message: expect.stringContaining("is full") }]);
      } finally {
        settings.BACKUP_DIR = undefined;
        rmSync(plans, { force: true });
        execFileSync("umount", [disk]);
      }
    },
    60_000,
  );

  it("tells every admin once when the last good backup is more than 26 hours old", async () => {
    const since = new Date(Date.now() - 40 * DAY).toISOString();
    // A day later than the schedule's watch began, with no backup at all: the job backs up, so none is stale yet.
    const now = new Date();
    await runJob(now, { watchingSince: since });
    expect(await openAlerts()).toEqual([]);
    // That backup is now 27 hours old, and backups have stopped (the next one failed to start).
    await getDb()
      .update(backups)
      .set({ finishedAt: new Date(now.getTime() - 27 * 3_600_000), startedAt: new Date(now.getTime() - 27 * 3_600_000) });
    await getDb().insert(backups).values({ trigger: "schedule", status: "failed", startedAt: now, error: "The disk is full" });
    // Looked at twice: told once.
    await runJob(now, { watchingSince: since });
    await runJob(now, { watchingSince: since });
    expect(await openAlerts()).toMatchObject([{ title: "Backups have stopped" }]);
    expect(await mailTo("Backups have stopped")).toHaveLength(2);
    expect((await getBackupsOverview()).stale).toBe(true);
  }, 60_000);
});

describe("the rotation", () => {
  it("removes the backups it no longer keeps, only after a newer one is checked", async () => {
    const folder = backupFolder();
    mkdirSync(folder, { recursive: true });
    // Yesterday's four backups (the nightly one and three an admin made), their files on disk.
    const yesterday = lagosDayStart(addDays(lagosToday(), -1)).getTime();
    for (let hour = 0; hour < 4; hour++) {
      const at = new Date(yesterday + (2 + hour * 5) * 3_600_000);
      const fileName = `zavolah-yesterday-${hour}.tar.gz`;
      writeFileSync(join(folder, fileName), "old");
      await getDb().insert(backups).values({
        trigger: "admin",
        status: "succeeded",
        startedAt: at,
        finishedAt: at,
        fileName,
        bytes: 3,
        durationMs: 10,
        encrypted: false,
      });
    }
    const made = orFail(await runBackup(orFail(await startBackup("admin", admin.id)).id));
    // Kept: today's, and the newest of yesterday's (the newest of its day); the three before it are removed.
    const rows = await getDb().select().from(backups);
    const kept = rows.filter((b) => !b.removedAt).map((b) => b.fileName!);
    expect(kept.sort()).toEqual([basename(made.file), "zavolah-yesterday-3.tar.gz"].sort());
    expect(readdirSync(folder).sort()).toEqual(kept.sort());
    expect(rows.filter((b) => b.removedAt)).toHaveLength(3);
  }, 60_000);
});

describe("downloading a backup", () => {
  const PASSWORD = "Lekki-backups-2026";

  /** An admin with an authenticator app, signed in with it: the session cookie the browser now holds. */
  async function adminSignedInWithAuthenticator() {
    const email = `ngozi.${Math.random().toString(36).slice(2, 8)}@zavolah.ng`;
    const { user } = await getAuth().api.signUpEmail({ body: { name: "Ngozi Eze", email, password: PASSWORD } });
    await getDb().update(users).set({ emailVerified: true, role: "admin" }).where(eq(users.id, user.id));
    const { cookie } = await createSession(user.id);
    const asker = { headers: browserHeaders(cookie), email, ip: "10.70.0.1", userId: user.id };
    const started = orFail(await startTwoFactor(asker, PASSWORD));
    orFail(await confirmTwoFactor(user.id, asker.headers, totp(started.secret)));
    const password = await signIn(email, PASSWORD, "10.70.0.2", browserHeaders());
    if (!password.ok || !password.twoFactorRequired) throw new Error("expected the second step");
    // The next 30-second window's code: the one just used to confirm the app is not accepted twice.
    const code = totp(started.secret, Date.now() + 30_000);
    const second = orFail(await verifySecondFactor(code, "totp", "10.70.0.2", browserHeaders(cookieFrom(password.headers))));
    const admin = { id: user.id, name: user.name, email, role: "admin" as const, capabilities: [], image: null };
    return { admin, request: new Request("http://localhost/admin/backups", { headers: browserHeaders(cookieFrom(second.headers)) }) };
  }

  it("needs a second factor given on this session in the last 10 minutes, and is audited", async () => {
    const made = orFail(await runBackup(orFail(await startBackup("admin", admin.id)).id));
    const { admin: ngozi, request } = await adminSignedInWithAuthenticator();
    const opened = orFail(await openBackupDownload(ngozi, request, made.id));
    expect(opened).toMatchObject({ fileName: basename(made.file), bytes: made.bytes });
    const audited = await getDb()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "backup.download"), eq(auditLog.actorId, ngozi.id)));
    expect(audited).toMatchObject([{ resourceId: String(made.id) }]);

    // Eleven minutes later the same session must give its second factor again.
    const later = new Date(Date.now() + 11 * 60_000);
    expect(await openBackupDownload(ngozi, request, made.id, later)).toMatchObject({
      ok: false,
      error: { code: "forbidden", message: NEEDS_RECENT_SECOND_FACTOR },
    });
    // An admin signed in with a password only may not download at all.
    const { cookie } = await createSession(admin.id);
    const passwordOnly = new Request("http://localhost/admin/backups", { headers: browserHeaders(cookie) });
    expect(await openBackupDownload(admin, passwordOnly, made.id)).toMatchObject({ ok: false, error: { code: "forbidden" } });
    // A backup the rotation removed is no longer there to download.
    await getDb().update(backups).set({ removedAt: new Date() }).where(eq(backups.id, made.id));
    expect(await openBackupDownload(ngozi, request, made.id)).toMatchObject({ ok: false, error: { code: "not_found" } });
    expect(await getDb().select().from(auditLog).where(eq(auditLog.action, "backup.download"))).toHaveLength(1);
  }, 60_000);
});

describe("the copy off the machine", () => {
  const BUCKET = "zavolah-backups";
  let storage: Awaited<ReturnType<typeof startS3Storage>>;
  let s3: S3Client;
  const s3Env = env as unknown as Record<string, string | undefined>;
  const S3_KEYS = ["BACKUP_S3_BUCKET", "BACKUP_S3_ENDPOINT", "BACKUP_S3_ACCESS_KEY_ID", "BACKUP_S3_SECRET_ACCESS_KEY", "BACKUP_S3_PREFIX"];

  beforeAll(async () => {
    storage = await startS3Storage([BUCKET]);
    s3 = new S3Client({
      endpoint: storage.endpoint,
      region: "us-east-1",
      forcePathStyle: true,
      credentials: { accessKeyId: S3_ACCESS_KEY, secretAccessKey: S3_SECRET_KEY },
    });
    Object.assign(s3Env, {
      BACKUP_S3_BUCKET: BUCKET,
      BACKUP_S3_ENDPOINT: storage.endpoint,
      BACKUP_S3_ACCESS_KEY_ID: S3_ACCESS_KEY,
      BACKUP_S3_SECRET_ACCESS_KEY: S3_SECRET_KEY,
      BACKUP_S3_PREFIX: "lagos/",
    });
  });
  afterAll(async () => {
    for (const key of S3_KEYS) s3Env[key] = key === "BACKUP_S3_PREFIX" ? "" : undefined;
    s3.destroy();
    await storage.stop();
  });

  const storedKeys = async () =>
    ((await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: "lagos/" }))).Contents ?? []).map((o) => o.Key).sort();

  it("puts each backup in the bucket, byte for byte, and the rotation removes the copies it no longer keeps", async () => {
    const first = orFail(await runBackup(orFail(await startBackup("schedule", null)).id));
    const [row] = await getDb().select().from(backups).where(eq(backups.id, first.id));
    expect(row).toMatchObject({ status: "succeeded", offsiteKey: `lagos/${basename(first.file)}`, offsiteError: null });
    const stored = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: row!.offsiteKey! }));
    const bytes = Buffer.from(await stored.Body!.transformToByteArray());
    expect(createHash("sha256").update(bytes).digest("hex")).toBe(createHash("sha256").update(readFileSync(first.file)).digest("hex"));
    expect((await getBackupsOverview()).offsite).toBe(`the bucket ${BUCKET}, folder lagos/, at ${new URL(storage.endpoint).host}`);

    // A second backup the same day: the rotation keeps the newer one, here and in the bucket.
    await getDb()
      .update(backups)
      .set({ finishedAt: new Date(Date.now() - 60_000) })
      .where(eq(backups.id, first.id));
    const second = orFail(await runBackup(orFail(await startBackup("admin", admin.id)).id));
    expect(await storedKeys()).toEqual([`lagos/${basename(second.file)}`]);
    expect(await openAlerts()).toEqual([]);
  }, 60_000);

  it("keeps the backup here when the copy fails, and tells every admin why", async () => {
    const log = watchLog();
    s3Env.BACKUP_S3_BUCKET = "no-such-bucket";
    try {
      const made = orFail(await runBackup(orFail(await startBackup("schedule", null)).id));
      expect(readdirSync(backupFolder())).toContain(basename(made.file));
    } finally {
      s3Env.BACKUP_S3_BUCKET = BUCKET;
    }
    log.expectLogged("backup's off-site copy failed", { level: "error" });
    const overview = await getBackupsOverview();
    expect(overview.failures[0]).toMatchObject({
      status: "succeeded",
      offsiteKey: null,
      offsiteError: "the bucket no-such-bucket does not exist",
    });
    expect(await openAlerts()).toMatchObject([
      { title: "A backup failed", message: expect.stringContaining("copy to off-site storage failed") },
    ]);
    expect(await mailTo("A backup failed")).toHaveLength(2);
  }, 60_000);

  it("names the storage's refusal of the keys, and storage that cannot be reached, and keeps the backup here", async () => {
    const log = watchLog();
    const reasonWith = async (over: Record<string, string>) => {
      const saved = Object.fromEntries(Object.keys(over).map((k) => [k, s3Env[k]]));
      Object.assign(s3Env, over);
      try {
        const made = orFail(await runBackup(orFail(await startBackup("admin", admin.id)).id));
        expect(readdirSync(backupFolder())).toContain(basename(made.file));
        const [row] = await getDb().select().from(backups).where(eq(backups.id, made.id));
        return row!.offsiteError;
      } finally {
        Object.assign(s3Env, saved);
      }
    };
    expect(await reasonWith({ BACKUP_S3_ACCESS_KEY_ID: "AKIA-NOT-OURS" })).toBe(
      "the storage refused the access keys (BACKUP_S3_ACCESS_KEY_ID, BACKUP_S3_SECRET_ACCESS_KEY)",
    );
    // The storage goes away: a closed gate in front of it.
    const gate = await createTcpGate({ host: "127.0.0.1", port: Number(new URL(storage.endpoint).port) });
    expect(await reasonWith({ BACKUP_S3_ENDPOINT: `http://127.0.0.1:${gate.port}` })).toBe(
      `the storage at http://127.0.0.1:${gate.port} could not be reached`,
    );
    log.expectLogged("backup's off-site copy failed", { level: "error" });
    expect((await getBackupsOverview()).lastGood?.offsiteError).toContain("could not be reached");
  }, 60_000);

  it("abandons an upload the storage fails in the middle (500, then 403), keeps the backup here and the last good copy there", async () => {
    const log = watchLog();
    const front = await startS3Front(storage.endpoint);
    // Files enough for a backup of three parts (random bytes: gzip cannot shrink them).
    const survey = join(env.DATA_DIR, "uploads", "site-survey-ikeja.bin");
    writeFileSync(survey, randomBytes(20 * 1024 * 1024));
    s3Env.BACKUP_S3_ENDPOINT = front.endpoint;
    try {
      const good = orFail(await runBackup(orFail(await startBackup("schedule", null)).id));
      expect(front.asked).toContain("UploadPart");
      const goodKey = `lagos/${basename(good.file)}`;
      for (const fault of [
        { status: 500, code: "InternalError", message: "We encountered an internal error. Please try again.", afterParts: 1 },
        { status: 403, code: "AccessDenied", message: "Access Denied", afterParts: 1 },
      ]) {
        front.failParts(fault);
        await getDb()
          .update(backups)
          .set({ finishedAt: new Date(Date.now() - 60_000) })
          .where(eq(backups.status, "succeeded"));
        const made = orFail(await runBackup(orFail(await startBackup("admin", admin.id)).id));
        // The upload was begun, failed after its first part and was abandoned: no half-made object in the bucket.
        expect(front.asked.filter((a) => a === "UploadPart").length).toBeGreaterThan(1);
        expect(front.asked).toContain("AbortMultipartUpload");
        expect(front.asked).not.toContain("CompleteMultipartUpload");
        const keys = await storedKeys();
        expect(keys).toContain(goodKey);
        expect(keys).not.toContain(`lagos/${basename(made.file)}`);
        // Here, the new backup and the one whose copy is the last good one off the machine are both kept.
        expect(readdirSync(backupFolder()).sort()).toEqual([basename(good.file), basename(made.file)].sort());
        const [row] = await getDb().select().from(backups).where(eq(backups.id, made.id));
        expect(row!.offsiteError).toBe(
          fault.status === 500
            ? "the storage failed during the upload (HTTP 500, InternalError, after 4 tries)"
            : `the storage refused to store it (HTTP 403, AccessDenied): the access keys may not write to the bucket ${BUCKET}, or its quota is used up`,
        );
        expect((await getBackupsOverview()).failures[0]).toMatchObject({ id: made.id, offsiteError: row!.offsiteError });
        rmSync(made.file);
        await getDb().update(backups).set({ removedAt: new Date() }).where(eq(backups.id, made.id));
      }
      log.expectLogged("backup's off-site copy failed", { level: "error" });
      expect(await openAlerts()).toMatchObject([{ title: "A backup failed" }]);
    } finally {
      s3Env.BACKUP_S3_ENDPOINT = storage.endpoint;
      rmSync(survey, { force: true });
      await front.stop();
    }
  }, 90_000);

  it("is refused at start-up in production without BACKUP_KEY, and without its access keys anywhere", () => {
    const s3Settings = { BACKUP_S3_BUCKET: BUCKET, BACKUP_S3_ACCESS_KEY_ID: "key", BACKUP_S3_SECRET_ACCESS_KEY: "secret" };
    expect(() => readEnv({ NODE_ENV: "production", ...s3Settings })).toThrow(
      /BACKUP_KEY: must be set when BACKUP_S3_BUCKET is: production does not copy backups, which hold people's personal data, off the machine unencrypted/,
    );
    expect(readEnv({ NODE_ENV: "production", ...s3Settings, BACKUP_KEY: "a long passphrase kept in the vault" }).BACKUP_S3_BUCKET).toBe(
      BUCKET,
    );
    expect(() => readEnv({ NODE_ENV: "development", BACKUP_S3_BUCKET: BUCKET })).toThrow(
      /BACKUP_S3_ACCESS_KEY_ID: must be set when BACKUP_S3_BUCKET is\n {2}BACKUP_S3_SECRET_ACCESS_KEY: must be set/,
    );
  });
});
