import { api, dataOf } from "@/api/api";
import { ApiError } from "@/api/client";
import { describeError } from "@/api/errors";
import i18n from "@/i18n";
import type { TranslationKey } from "@/i18n/keys";

/** The image limit of spec 000 §5 (institution logos, and profile images with them). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Types the server accepts (it sniffs the content too; this only saves a round trip). */
export const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/** Why an image was refused before or during upload: an i18n key plus the server's words, if any. */
export class ImageUploadError extends Error {
  readonly key: TranslationKey;
  readonly serverMessage: string | null;
  constructor(key: TranslationKey, serverMessage: string | null = null) {
    super(serverMessage ?? key);
    this.name = "ImageUploadError";
    this.key = key;
    this.serverMessage = serverMessage;
  }
}

/** The i18n keys an image upload reports its refusals with (each screen says them its own way). */
export interface UploadKeys {
  badType: TranslationKey;
  tooLarge: TranslationKey;
  failed: TranslationKey;
}

/** Browser-side check of a chosen image; returns an i18n key or null when it may be uploaded. */
export function checkImageFile(file: File, keys: UploadKeys): TranslationKey | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return keys.badType;
  if (file.size > IMAGE_MAX_BYTES) return keys.tooLarge;
  return null;
}

/** PUTs the file with its content type, reporting upload progress (fetch cannot). */
function putFile(url: string, file: File, failedKey: TranslationKey, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", file.type);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new ApiError(xhr.status, xhr.statusText, xhr.responseText));
    };
    xhr.onerror = () => reject(new ImageUploadError(failedKey));
    xhr.send(file);
  });
}

/**
 * The three-step upload of spec 000 §7, shared by logos and profile images: ask for an upload
 * URL, PUT the file there, then let `promote` turn the upload into its stable path (where the
 * server enforces the 5 MB limit, so its failure is a failed upload).
 */
export async function uploadImage(
  file: File,
  keys: UploadKeys,
  promote: (uploadURL: string) => Promise<string>,
  onProgress: (percent: number) => void = () => {},
): Promise<string> {
  const refused = checkImageFile(file, keys);
  if (refused) throw new ImageUploadError(refused);
  try {
    const params = await dataOf(api.POST("/api/objects/upload"));
    onProgress(0);
    await putFile(params.uploadURL, file, keys.failed, onProgress);
    onProgress(100);
    return await promote(params.uploadURL);
  } catch (err) {
    if (err instanceof ImageUploadError) throw err;
    const message = err instanceof ApiError ? describeError(err, i18n.t) : null;
    throw new ImageUploadError(keys.failed, message);
  }
}
