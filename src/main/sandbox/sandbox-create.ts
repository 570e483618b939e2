/**
 * A new sandbox up to its first start: the spec checked before anything is written, the folder made
 * and initialised (removed again if that fails or is cancelled), and the words for a first start that
 * failed.
 */
import { mkdirSync } from 'node:fs';
import { totalmem } from 'node:os';
import {
  SandboxSpecSchema,
  sandboxIdOf,
  type SandboxSpec,
  type SandboxSpecParsed,
} from '../../shared/models';
import { parseByteSize } from '../../shared/byte-size';
import { AppFailure } from '../../shared/result';
import {
  bufferPoolSizeProblem,
  KEEP_FAILED_LABEL,
  refusedOptions,
} from '../../shared/server/sandbox-options';
import type { DatadirTemplates } from './datadir-templates';
import { choosePort } from './ports';
import type { SandboxFolders, SandboxMeta } from './sandbox-folder';
import { inspectBinary } from './server-binaries';
import { createCancelled, initializeDatadir, isCancelled, type Job } from './server-lifecycle';

/** Options bplab owns are refused, and a name already taken, before anything is written. */
export function checkNewSandbox(
  input: SandboxSpec,
  folders: SandboxFolders,
): { spec: SandboxSpecParsed; id: string } {
  const refused = refusedOptions(input.options ?? {});
  if (refused[0])
    throw AppFailure.of('INVALID_ARGUMENT', `Sandbox option refused: ${refused[0].message}`, {
      details: { field: 'options', option: refused[0].option, owned: refused[0].owned },
    });
  const spec = SandboxSpecSchema.parse(input);
  const id = sandboxIdOf(spec.name);
  if (folders.exists(id)) {
    throw AppFailure.of('ALREADY_EXISTS', `A sandbox named "${spec.name}" already exists.`, {
      hint: 'Pick another name, or delete the existing sandbox first.',
    });
  }
  return { spec, id };
}

/**
 * Makes the sandbox's folder and initialises its data folder (or copies the binary's template), then writes its metadata. A pool size
 * the server cannot take is refused first; a failed or cancelled initialisation leaves no folder.
 */
export async function makeSandbox(
  spec: SandboxSpecParsed,
  id: string,
  folders: SandboxFolders,
  job: Job,
  templates?: DatadirTemplates,
): Promise<SandboxMeta> {
  const binary = await inspectBinary(spec.binaryPath);
  const sizeProblem = bufferPoolSizeProblem(parseByteSize(spec.bufferPoolSize), binary, totalmem());
  if (sizeProblem)
    throw AppFailure.of('INVALID_ARGUMENT', `Sandbox "${spec.name}" cannot be created: ${sizeProblem}.`, {
      // The form puts `words` under its field (issue 41: a 999T pool's error sat at the top of the page).
      details: { field: 'bufferPoolSize', words: sizeProblem },
    });
  const port = await choosePort(spec.port);
  mkdirSync(folders.dir(id), { recursive: true });
  const meta: SandboxMeta = {
    id,
    name: spec.name,
    flavor: binary.flavor,
    version: binary.version,
    binaryPath: binary.path,
    basedir: binary.basedir,
    port,
    socketPath: folders.socketPathFor(id),
    spec,
    createdAt: new Date().toISOString(),
    profileId: `sandbox-${id}`,
  };
  try {
    await initializeDatadir(meta, binary, folders, job, templates);
  } catch (e) {
    folders.remove(id);
    throw isCancelled(e) ? createCancelled(spec.name) : e;
  }
  folders.writeMeta(meta);
  return meta;
}

/** A first start that failed, once the sandbox was removed: what the server said, and how to keep one. */
export function firstStartFailed(e: AppFailure): AppFailure {
  const excerpt = e.error.details?.logExcerpt;
  return AppFailure.of('SANDBOX_FAILED', `${e.error.message} The sandbox was removed.`, {
    hint:
      (excerpt ? `Its error log said:\n${excerpt}\n` : '') +
      `To keep a sandbox whose first start fails, with its folder and error log to read why, tick "${KEEP_FAILED_LABEL}" in the create form (bplab sandbox create --keep-failed).`,
  });
}
