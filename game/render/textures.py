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
    if cached is not None:
        return cached
    alpha = image.mode == "RGBA"
    rgb = image.convert("RGBA" if alpha else "RGB")
    texture = Texture(name)
    texture.setup2dTexture(rgb.width, rgb.height, Texture.TUnsignedByte, Texture.FRgba if alpha else Texture.FRgb)
    # Panda3D stores rows bottom-up and pixels as BGR(A)
    pixels = np.asarray(rgb)[::-1]
    pixels = pixels[:, :, [2, 1, 0, 3] if alpha else [2, 1, 0]]
    texture.setRamImage(np.ascontiguousarray(pixels).tobytes())
    texture.setMinfilter(SamplerState.FT_linear_mipmap_linear)
    texture.setMagfilter(SamplerState.FT_linear)
    texture.setAnisotropicDegree(8)
    texture.setWrapU(SamplerState.WM_clamp)
    texture.setWrapV(SamplerState.WM_clamp)
    _TEXTURES[name] = texture
    return texture
