import { apiErrorMessage, apiHeaders, httpError } from '@vton/shell-sdk';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  url: string;
  body: FormData;
  /** 0–1 as the request body is sent. */
  onProgress?: (fraction: number) => void;
}

/**
 * Multipart upload through XMLHttpRequest, because fetch reports no upload progress. Same
 * rules as apiRequest: its headers (a new traceparent, the Bearer token when stored), cookies,
 * and a non-OK answer becomes "<status>: <body text or status text>" (spec §8).
 */
export function uploadWithProgress<T>({ method = 'POST', url, body, onProgress }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(apiHeaders())) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && onProgress) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch (error) {
          reject(error as Error);
        }
      } else {
        reject(httpError(xhr.status, xhr.responseText, xhr.statusText));
      }
    };
    xhr.onerror = () => reject(new Error('Network error: the upload did not reach the server'));
    xhr.send(body);
  });
}

/**
 * The human message of an API error "<status>: <json body>" (the body's `message` when it has
 * one); "temporarily unavailable, try again" when a service is down (the SDK's one wording).
 */
export const errorMessage = apiErrorMessage;
