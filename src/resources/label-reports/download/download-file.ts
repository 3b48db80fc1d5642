import { apiUrl } from "@/providers/api-url";
import { ApiError, activeRoleHeaders, DATABASE_HEADER } from "@/providers/data-provider";

/**
 * Downloads a file from the API with the same role-token headers the data provider
 * sends (a plain link could not carry them), renewing the token once on a 401, and
 * saves it through an object URL.
 */
export async function fetchFile(path: string): Promise<{ blob: Blob; contentDisposition: string | null }> {
  const url = `${apiUrl()}/${path}`;
  const get = () => fetch(url, { headers: { ...DATABASE_HEADER, ...activeRoleHeaders() } });
  let response = await get();
  if (response.status === 401) {
    const { renewRoleToken } = await import("@/providers/auth/renew");
    if (await renewRoleToken()) response = await get();
  }
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = null;
    }
    throw new ApiError(text || `Download failed (${response.status})`, response.status, body);
  }
  return { blob: await response.blob(), contentDisposition: response.headers.get("content-disposition") };
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
