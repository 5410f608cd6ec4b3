import { ApiError, apiJson } from "@/api/client";
import type { UploadParameters } from "@/api/types";
import { LOGO_MAX_BYTES, LOGO_TYPES } from "@/features/applications/upload";

/** The profile image uses the logo pipeline and its limits: PNG, JPEG or WebP up to 5 MB. */
export const IMAGE_MAX_BYTES = LOGO_MAX_BYTES;
export const IMAGE_TYPES = LOGO_TYPES;

/** Why an image was refused: an i18n key plus the server's words, if any. */
export class ImageUploadError extends Error {
  readonly key: string;
  readonly serverMessage: string | null;
  constructor(key: string, serverMessage: string | null = null) {
    super(serverMessage ?? key);
    this.name = "ImageUploadError";
    this.key = key;
    this.serverMessage = serverMessage;
  }
}

/** Browser-side check; an i18n key or null. */
export function checkImageFile(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return "settings.profile.image.badType";
  if (file.size > IMAGE_MAX_BYTES) return "settings.profile.image.tooLarge";
  return null;
}

function putFile(url: string, file: File, onProgress: (percent: number) => void): Promise<void> {
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
    xhr.onerror = () => reject(new ImageUploadError("settings.profile.image.failed"));
    xhr.send(file);
  });
}

/**
 * Upload URL → PUT the file → PUT /api/profile-images (the server checks, re-encodes and names
 * it) → PATCH /api/profile {profileImageUrl}. Resolves with the stored /objects/... path.
 */
export async function uploadProfileImage(file: File, onProgress: (percent: number) => void = () => {}): Promise<string> {
  const refused = checkImageFile(file);
  if (refused) throw new ImageUploadError(refused);
  try {
    const params = await apiJson<UploadParameters>("POST", "/api/objects/upload");
    onProgress(0);
    await putFile(params.uploadURL, file, onProgress);
    onProgress(100);
    const image = await apiJson<{ objectPath: string }>("PUT", "/api/profile-images", { imageURL: params.uploadURL });
    await apiJson("PATCH", "/api/profile", { profileImageUrl: image.objectPath });
    return image.objectPath;
  } catch (err) {
    if (err instanceof ImageUploadError) throw err;
    const message = err instanceof ApiError ? err.serverMessage : null;
    throw new ImageUploadError("settings.profile.image.failed", message);
  }
}
