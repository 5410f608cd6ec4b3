import { storeProfileImage } from "@/features/settings/api";
import { uploadImage, type UploadKeys } from "@/lib/imageUpload";

// The profile image uses the logo pipeline and its limits: PNG, JPEG or WebP up to 5 MB.

const PROFILE_KEYS: UploadKeys = {
  badType: "settings.profile.image.badType",
  tooLarge: "settings.profile.image.tooLarge",
  failed: "settings.profile.image.failed",
};

/**
 * Upload URL → PUT the file → PUT /api/profile-images (the server checks, re-encodes and names
 * it) → PATCH /api/profile {profileImageUrl}. Resolves with the stored /objects/... path.
 */
export function uploadProfileImage(file: File, onProgress: (percent: number) => void = () => {}): Promise<string> {
  return uploadImage(
    file,
    PROFILE_KEYS,
    storeProfileImage,
    onProgress,
  );
}
