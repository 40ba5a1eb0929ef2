#version 150
// Fast approximate anti-aliasing (the FXAA idea, T. Lottes 2009, in its small "lite" form): find
// the edge direction from the luma of the four diagonal neighbours and blend two taps along the
// edge. The headless EGL path ignores multisampled buffers, so renders and videos are smoothed here.
// Cost on llvmpipe (docs/look.md "Cost"): the software renderer runs every line of a shader for
// every pixel (a branch only masks lanes), so the flat-pixel early out saves nothing; what costs is
// filtered lookups. The neighbourhood is read with texelFetch (unfiltered, cheap) and the blend
// takes two filtered taps (the "four-tap" refinement of FXAA lite cost as much again for a blend
// that differs by a few levels on a few edge pixels).
// With KEEP_DEPTH defined (the window: fxaa_pass.antialias(keep_depth=True)) the pass also writes
// the scene's depth into the window, so markers drawn after it (game/window/overlay.py) are hidden
// behind pieces as before.
uniform sampler2D scene;
#ifdef KEEP_DEPTH
uniform sampler2D depth;
#endif
out vec4 frag;

const float REDUCE_MIN = 1.0 / 128.0;
const float REDUCE_MUL = 1.0 / 8.0;
const float SPAN_MAX = 8.0;
const float FLAT = 1.0 / 24.0;   // luma contrast below which a pixel is left as it is (no edge)

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
#ifdef KEEP_DEPTH
    gl_FragDepth = texelFetch(depth, p, 0).r;
#endif
    vec2 texel = 1.0 / vec2(textureSize(scene, 0));    // one pixel in texture coordinates
    vec3 m = texelFetch(scene, p, 0).rgb;
    float l_nw = luma(texelFetch(scene, p + ivec2(-1, -1), 0).rgb);
    float l_ne = luma(texelFetch(scene, p + ivec2(1, -1), 0).rgb);
    float l_sw = luma(texelFetch(scene, p + ivec2(-1, 1), 0).rgb);
    float l_se = luma(texelFetch(scene, p + ivec2(1, 1), 0).rgb);
    float l_m = luma(m);
    float lo = min(l_m, min(min(l_nw, l_ne), min(l_sw, l_se)));
    float hi = max(l_m, max(max(l_nw, l_ne), max(l_sw, l_se)));
    if (hi - lo < FLAT) {
        frag = vec4(m, 1.0);
        return;
    }
    vec2 dir = vec2(-((l_nw + l_ne) - (l_sw + l_se)), (l_nw + l_sw) - (l_ne + l_se));
    float reduce = max((l_nw + l_ne + l_sw + l_se) * 0.25 * REDUCE_MUL, REDUCE_MIN);
    float scale = 1.0 / (min(abs(dir.x), abs(dir.y)) + reduce);
    dir = clamp(dir * scale, vec2(-SPAN_MAX), vec2(SPAN_MAX)) * texel;
    vec2 uv = gl_FragCoord.xy * texel;    // not v_uv: in the window the texture is padded to a power
                                          // of two and the quad's 0..1 coordinates miss the picture
    vec3 two = 0.5 * (texture(scene, uv + dir * (1.0 / 3.0 - 0.5)).rgb
                      + texture(scene, uv + dir * (2.0 / 3.0 - 0.5)).rgb);
    frag = vec4(two, 1.0);
}
