import { type Image, MAX_IMAGE_BYTES, MESSAGES } from '@ateliermarkt/contract';
import { useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage } from '../lib/api-client.ts';
import { uploadImage } from '../lib/upload-image.ts';

export type ImageType = 'image/jpeg' | 'image/png';

function typeError(accept: readonly ImageType[]): string {
  return accept.includes('image/png') ? MESSAGES.imageNotJpegOrPng : MESSAGES.imageNotJpeg;
}

type ImageUploadOptions = {
  /** Accepted types; the server checks the bytes again. */
  accept: readonly ImageType[];
  onUploaded: (image: Image) => void;
};

/**
 * Choosing and sending one image, whatever the field looks like: wrong types and files over 4 MB refused before
 * sending (the contract's Dutch texts), the upload's progress, its error, cancelling it (also when the field goes).
 * The choose button makes way for the progress or is disabled meanwhile, and the remove button leaves with the
 * photo: focus would fall to the page, so it goes back to `chooseButton` once the upload ends or after `removed()`.
 */
export function useImageUpload({ accept, onUploaded }: ImageUploadOptions) {
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const [refocus, setRefocus] = useState(false);
  const uploading = progress !== null;
  useEffect(() => {
    if (uploading || !refocus) return;
    setRefocus(false);
    chooseButton.current?.focus();
  }, [uploading, refocus]);

  async function choose(file: File | null) {
    if (!file) return;
    setError(null);
    if (!accept.includes(file.type as ImageType)) return setError(typeError(accept));
    if (file.size > MAX_IMAGE_BYTES) return setError(MESSAGES.imageTooLarge);
    abort.current = new AbortController();
    setRefocus(true);
    setProgress(0);
    try {
      onUploaded(await uploadImage(file, { onProgress: setProgress, signal: abort.current.signal }));
    } catch (e) {
      if (!(e instanceof ApiError && e.code === 'Aborted')) setError(errorMessage(e, MESSAGES.imageUploadFailed));
    } finally {
      setProgress(null);
    }
  }

  return {
    /** 0..1 while uploading, else null. */
    progress,
    uploading,
    error,
    choose,
    cancel: () => abort.current?.abort(),
    chooseButton,
    /** Call when the photo is removed: the focus goes back to the choose button. */
    removed: () => setRefocus(true),
  };
}
