#version 150
// Fast approximate anti-aliasing (the FXAA idea, T. Lottes 2009, in its small "lite" form): find
// the edge direction from the luma of the four diagonal neighbours and blend two taps along the
// edge. The headless EGL path ignores multisampled buffers, so renders and videos are smoothed here.
// Cost on llvmpipe (docs/look.md "Cost"): the software renderer runs every line of a shader for
// every pixel (a branch only masks lanes), so the flat-pixel early out saves nothing; what costs is
// filtered lookups. The 3 x 3 neighbourhood is read once with texelFetch (unfiltered, cheap) and
// the two taps are bilinear blends of it, computed here: the span is held to 6 px so that a tap (a
// sixth of the span either side) stays within one pixel. Two filtered texture() taps at a span of
// 8 px cost about 3 CPU ms more a 1280 x 720 frame for a picture that differs on ~1,000 edge pixels.
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
const float SPAN_MAX = 6.0;      // px: the taps (at a sixth of the span) stay inside the 3 x 3 neighbourhood
const float FLAT = 1.0 / 24.0;   // luma contrast below which a pixel is left as it is (no edge)

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

vec3 c_nw, c_n, c_ne, c_w, c_m, c_e, c_sw, c_s, c_se;

vec3 tap(vec2 d) {   // the picture at (p + d), |d| <= 1, bilinear from the neighbourhood
    vec2 a = abs(d);
    bool right = d.x >= 0.0;
    vec3 top = mix(c_n, right ? c_ne : c_nw, a.x);       // the row at y - 1
    vec3 mid = mix(c_m, right ? c_e : c_w, a.x);
    vec3 bot = mix(c_s, right ? c_se : c_sw, a.x);
    return mix(mid, d.y >= 0.0 ? bot : top, a.y);
}

void main() {
    ivec2 p = ivec2(gl_FragCoord.xy);
#ifdef KEEP_DEPTH
    gl_FragDepth = texelFetch(depth, p, 0).r;
#endif
    c_nw = texelFetch(scene, p + ivec2(-1, -1), 0).rgb;
    c_n = texelFetch(scene, p + ivec2(0, -1), 0).rgb;
    c_ne = texelFetch(scene, p + ivec2(1, -1), 0).rgb;
    c_w = texelFetch(scene, p + ivec2(-1, 0), 0).rgb;
    c_m = texelFetch(scene, p, 0).rgb;
    c_e = texelFetch(scene, p + ivec2(1, 0), 0).rgb;
    c_sw = texelFetch(scene, p + ivec2(-1, 1), 0).rgb;
    c_s = texelFetch(scene, p + ivec2(0, 1), 0).rgb;
    c_se = texelFetch(scene, p + ivec2(1, 1), 0).rgb;
    float l_nw = luma(c_nw), l_ne = luma(c_ne), l_sw = luma(c_sw), l_se = luma(c_se), l_m = luma(c_m);
    float lo = min(l_m, min(min(l_nw, l_ne), min(l_sw, l_se)));
    float hi = max(l_m, max(max(l_nw, l_ne), max(l_sw, l_se)));
    vec2 dir = vec2(-((l_nw + l_ne) - (l_sw + l_se)), (l_nw + l_sw) - (l_ne + l_se));
    float reduce = max((l_nw + l_ne + l_sw + l_se) * 0.25 * REDUCE_MUL, REDUCE_MIN);
    float scale = 1.0 / (min(abs(dir.x), abs(dir.y)) + reduce);
    dir = clamp(dir * scale, vec2(-SPAN_MAX), vec2(SPAN_MAX));
    vec3 two = 0.5 * (tap(dir * (1.0 / 3.0 - 0.5)) + tap(dir * (2.0 / 3.0 - 0.5)));
    frag = vec4(hi - lo < FLAT ? c_m : two, 1.0);
}
