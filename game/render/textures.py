"""Pillow images of card faces and backs as Panda3D textures (mipmapped and anisotropic, so a
card's text stays sharp both lying on the felt far away and held up close), one per image key."""
from __future__ import annotations

import numpy as np
from panda3d.core import SamplerState, Texture
from PIL import Image

_TEXTURES: dict[str, Texture] = {}


def texture_from_image(image: Image.Image, name: str) -> Texture:
    """A Panda3D texture holding ``image`` (RGB, or RGBA with its alpha), cached by ``name`` (the
    caller's image key)."""
    cached = _TEXTURES.get(name)
    if cached is None:
        cached = _TEXTURES[name] = texture_from_array(np.asarray(image.convert("RGBA" if image.mode == "RGBA" else "RGB")),
                                                      name)
    return cached


def texture_from_array(pixels: np.ndarray, name: str) -> Texture:
    """A new texture from an (H, W, 3 or 4) uint8 image, top row first (not cached: a printed
    piece keeps its own, see prints.py)."""
    alpha = pixels.shape[2] == 4
    texture = Texture(name)
    texture.setup2dTexture(pixels.shape[1], pixels.shape[0], Texture.TUnsignedByte, Texture.FRgba if alpha else Texture.FRgb)
    # Panda3D stores rows bottom-up and pixels as BGR(A)
    texture.setRamImage(np.ascontiguousarray(pixels[::-1][:, :, [2, 1, 0, 3] if alpha else [2, 1, 0]]).tobytes())
    texture.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    texture.setMagfilter(SamplerState.FT_linear)
    texture.setAnisotropicDegree(8)
    texture.setWrapU(SamplerState.WM_clamp)
    texture.setWrapV(SamplerState.WM_clamp)
    return texture
