import { describe, expect, it } from "bun:test";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { mockApi } from "../../test/mock-api";
import { PhotoUpload } from "./photo-upload";

const PATH = "/api/inventario/7/foto";
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "scatto.jpg", { type: "image/jpeg" });

function renderUpload(reply: Parameters<typeof mockApi>[0][string]) {
  const server = mockApi({ [`POST ${PATH}`]: reply });
  const uploaded: unknown[] = [];
  render(<PhotoUpload path={PATH} label="Aggiungi una foto" onUploaded={(saved) => uploaded.push(saved)} />);
  return { server, uploaded };
}

describe("PhotoUpload", () => {
  it("sends the photo chosen or taken with the camera as the form's file", async () => {
    const { server, uploaded } = renderUpload({ body: { id: 3, url: "/api/foto/3" } });
    const input = screen.getByLabelText(/Aggiungi una foto/) as HTMLInputElement;
    expect(input.accept).toBe("image/*");
    expect(input.getAttribute("capture")).toBe("environment");
    await userEvent.setup().upload(input, photo());
    await waitFor(() => expect(uploaded).toEqual([{ id: 3, url: "/api/foto/3" }]));
    const sent = server.callsTo(`POST ${PATH}`)[0]?.body as FormData;
    expect((sent.get("file") as File).name).toBe("scatto.jpg");
  });

  it("takes a photo dropped on it", async () => {
    const { uploaded } = renderUpload({ body: { id: 4, url: "/api/foto/4" } });
    fireEvent.drop(screen.getByText("Aggiungi una foto"), { dataTransfer: { files: [photo()] } });
    await waitFor(() => expect(uploaded).toEqual([{ id: 4, url: "/api/foto/4" }]));
  });

  it("says why the server refused the photo", async () => {
    const { uploaded } = renderUpload({ status: 415, body: { error: "Il file non è una foto JPEG o PNG" } });
    await userEvent.setup().upload(screen.getByLabelText(/Aggiungi una foto/), photo());
    expect((await screen.findByRole("alert")).textContent).toBe("Il file non è una foto JPEG o PNG");
    expect(uploaded).toEqual([]);
  });
});
