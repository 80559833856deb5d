import { MAX_IMAGE_BYTES, MESSAGES } from '@ateliermarkt/contract';
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useImageUpload } from './use-image-upload.ts';

afterEach(() => vi.restoreAllMocks());

const file = (type: string, size: number) => new File([new Uint8Array(size)], 'foto', { type });

describe('useImageUpload', () => {
  it('refuses a type it does not accept and a file over 4 MB before sending anything, in Dutch', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    const onUploaded = vi.fn();
    const { result } = renderHook(() => useImageUpload({ accept: ['image/jpeg'], onUploaded }));

    await act(() => result.current.choose(file('image/png', 10)));
    expect(result.current.error).toBe(MESSAGES.imageNotJpeg);

    await act(() => result.current.choose(file('image/jpeg', MAX_IMAGE_BYTES + 1)));
    expect(result.current.error).toBe(MESSAGES.imageTooLarge);

    expect(send).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(result.current.uploading).toBe(false);
  });

  it('names PNG in the refusal when it accepts PNG', async () => {
    const { result } = renderHook(() => useImageUpload({ accept: ['image/jpeg', 'image/png'], onUploaded: vi.fn() }));
    await act(() => result.current.choose(file('image/gif', 10)));
    expect(result.current.error).toBe(MESSAGES.imageNotJpegOrPng);
  });
});
