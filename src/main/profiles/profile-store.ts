/**
 * Saved connection profiles, kept as a JSON list in `<dataDir>/profiles.json`. Profiles never hold
 * passwords (see SecretStore). A file that cannot be read is never lost: its readable entries are
 * still served, and it is copied aside before the first save writes over it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  ConnectionProfileSchema,
  ProfileDraftSchema,
  type ConnectionProfile,
  type ProfileDraft,
  type ProfileListing,
} from '../../shared/models';
import { jsonProblem } from '../../shared/file-text';
import { AppFailure } from '../../shared/result';
import { keepBadCopy, writeFileAtomic } from '../files/atomic-file';
import { uniqueId } from '../files/unique-id';

export type ProfileLoadError = NonNullable<ProfileListing['loadError']>;

export interface ProfileList {
  profiles: ConnectionProfile[];
  loadError?: ProfileLoadError;
}

interface FileContent {
  profiles: ConnectionProfile[];
  /** What is wrong with the file, in words; absent when it was read whole. */
  problem?: string;
}

export class ProfileStore {
  readonly file: string;
  /** Set once a malformed file was copied aside and replaced by its readable entries. */
  private rescued?: ProfileLoadError;

  constructor(
    dataDir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.file = join(dataDir, 'profiles.json');
  }

  list(): ProfileList {
    const content = this.read();
    if (content.problem) {
      return {
        profiles: content.profiles,
        loadError: {
          file: this.file,
          message:
            `Some saved connection profiles could not be read from ${this.file}: ${content.problem}. ` +
            `${content.profiles.length} readable profile(s) are shown. The file is left as it is; ` +
            `the next save keeps a copy of it next to it before writing.`,
        },
      };
    }
    return this.rescued
      ? { profiles: content.profiles, loadError: this.rescued }
      : { profiles: content.profiles };
  }

  find(id: string): ConnectionProfile | undefined {
    return this.read().profiles.find((p) => p.id === id);
  }

  get(id: string): ConnectionProfile {
    const content = this.read();
    const profile = content.profiles.find((p) => p.id === id);
    if (profile) return profile;
    if (content.problem) {
      // The profile may be among the entries we could not read: say so rather than "no such profile".
      throw AppFailure.of(
        'PROFILE_MALFORMED',
        `The profiles file ${this.file} could not be read whole: ${content.problem}.`,
        {
          hint: `Profile "${id}" is not among the readable entries. Fix the file (it is left as it is), or save the profile again.`,
          details: { file: this.file, profileId: id },
        },
      );
    }
    throw notFound(id);
  }

  /** Creates a profile (a draft without id) or updates the one the draft names. */
  save(draft: ProfileDraft): ConnectionProfile {
    const parsed = ProfileDraftSchema.safeParse(draft);
    if (!parsed.success) throw invalid('The connection profile is invalid', parsed.error);
    const d = parsed.data;
    const content = this.read();
    let id: string;
    let sandboxId: string | undefined;
    if (d.id) {
      const existing = content.profiles.find((p) => p.id === d.id);
      if (!existing) {
        throw AppFailure.of('NOT_FOUND', `There is no saved connection profile "${d.id}" to update.`, {
          hint: 'It may have been deleted meanwhile; save it as a new profile.',
          details: { profileId: d.id },
        });
      }
      id = existing.id;
      sandboxId = existing.sandboxId;
    } else {
      id = uniqueId(
        d.name,
        content.profiles.map((p) => p.id),
      );
    }
    const tcp = d.transport === 'tcp';
    const tls = {
      ...d.tls,
      caPath: blank(d.tls.caPath),
      certPath: blank(d.tls.certPath),
      keyPath: blank(d.tls.keyPath),
    };
    if (Boolean(tls.certPath) !== Boolean(tls.keyPath)) {
      throw AppFailure.of(
        'INVALID_ARGUMENT',
        'A client certificate needs both a certificate file and its key file.',
        {
          hint: 'Fill in both paths, or clear both.',
        },
      );
    }
    const candidate = {
      id,
      name: d.name,
      transport: d.transport,
      host: tcp ? blank(d.host) : undefined,
      port: tcp ? (d.port ?? 3306) : undefined,
      socketPath: tcp ? undefined : blank(d.socketPath),
      user: d.user,
      database: blank(d.database),
      tls,
      sandboxId,
      ...(d.production ? { production: true } : {}),
    };
    return this.store(candidate, content);
  }

  /**
   * Stores a complete profile as given (replacing the one with the same id). For services that build
   * profiles themselves, such as the sandbox service with its sandboxId.
   */
  put(profile: ConnectionProfile): ConnectionProfile {
    return this.store(profile, this.read());
  }

  delete(id: string): void {
    const content = this.read();
    if (!content.profiles.some((p) => p.id === id)) throw notFound(id);
    this.write(
      content.profiles.filter((p) => p.id !== id),
      content,
    );
  }

  private store(profile: ConnectionProfile, content: FileContent): ConnectionProfile {
    const parsed = ConnectionProfileSchema.safeParse(profile);
    if (!parsed.success) throw invalid('The connection profile is invalid', parsed.error);
    const saved = parsed.data;
    const exists = content.profiles.some((p) => p.id === saved.id);
    const next = exists
      ? content.profiles.map((p) => (p.id === saved.id ? saved : p))
      : [...content.profiles, saved];
    this.write(next, content);
    return saved;
  }

  private write(profiles: ConnectionProfile[], content: FileContent): void {
    if (content.problem) {
      let backup: string;
      try {
        backup = keepBadCopy(this.file, this.now());
      } catch (e) {
        throw AppFailure.of(
          'PROFILE_MALFORMED',
          `The profiles file ${this.file} could not be read (${content.problem}), and bplab could not keep a copy of it before saving: ${errorText(e)}.`,
          { hint: 'Fix or move the file yourself, then save again.', details: { file: this.file } },
        );
      }
      this.rescued = {
        file: this.file,
        backup,
        message:
          `The profiles file ${this.file} could not be read whole (${content.problem}). ` +
          `The original was kept as ${backup}; ${this.file} now holds only the readable profiles.`,
      };
    }
    writeFileAtomic(this.file, `${JSON.stringify(profiles, null, 2)}\n`);
  }

  private read(): FileContent {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { profiles: [] };
      return { profiles: [], problem: `the file could not be opened (${errorText(e)})` };
    }
    if (text.trim() === '') return { profiles: [], problem: 'the file is empty' };
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return { profiles: [], problem: jsonProblem(text)?.problem ?? 'it is not JSON' };
    }
    if (!Array.isArray(json)) return { profiles: [], problem: 'it does not hold a list of profiles' };
    const profiles: ConnectionProfile[] = [];
    const problems: string[] = [];
    json.forEach((entry: unknown, i) => {
      const label = `entry ${i + 1}${entryName(entry)}`;
      const parsed = ConnectionProfileSchema.safeParse(entry);
      if (!parsed.success) {
        problems.push(`${label} is invalid (${issueText(parsed.error)})`);
      } else if (profiles.some((p) => p.id === parsed.data.id)) {
        problems.push(`${label} repeats the id "${parsed.data.id}"`);
      } else {
        profiles.push(parsed.data);
      }
    });
    return problems.length ? { profiles, problem: problems.join('; ') } : { profiles };
  }
}

function notFound(id: string): AppFailure {
  return AppFailure.of('NOT_FOUND', `There is no saved connection profile "${id}".`, {
    hint: 'It may have been deleted; pick another profile or create it again.',
    details: { profileId: id },
  });
}

function invalid(what: string, error: z.ZodError): AppFailure {
  return AppFailure.of('INVALID_ARGUMENT', `${what}: ${issueText(error)}.`);
}

function issueText(error: z.ZodError): string {
  return error.issues
    .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
    .join(', ');
}

function entryName(entry: unknown): string {
  if (typeof entry !== 'object' || entry === null) return '';
  const { name, id } = entry as { name?: unknown; id?: unknown };
  const label = typeof name === 'string' ? name : typeof id === 'string' ? id : undefined;
  return label ? ` ("${label.slice(0, 80)}")` : '';
}

function blank(s: string | undefined): string | undefined {
  const t = s?.trim();
  return t ? t : undefined;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
