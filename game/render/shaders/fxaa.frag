#version 150
// Fast approximate anti-aliasing (the FXAA idea, T. Lottes 2009, in its small "lite" form): find
// the edge direction from the luma of the four diagonal neighbours, blend along the edge with two
// or four taps, and keep the two-tap blend when the four-tap one strays out of the local range.
// The headless EGL path ignores multisampled buffers, so renders and videos are smoothed here.
uniform sampler2D scene;
uniform vec2 texel;            // one pixel in texture coordinates
in vec2 v_uv;
out vec4 frag;

const float REDUCE_MIN = 1.0 / 128.0;
const float REDUCE_MUL = 1.0 / 8.0;
const float SPAN_MAX = 8.0;
const float FLAT = 1.0 / 24.0;   // luma contrast below which a pixel is left as it is (no edge)

float luma(vec3 c) { return dot(c, vec3(0.299, 0.587, 0.114)); }

void main() {
    vec3 nw = texture(scene, v_uv + vec2(-1.0, -1.0) * texel).rgb;
    vec3 ne = texture(scene, v_uv + vec2(1.0, -1.0) * texel).rgb;
    vec3 sw = texture(scene, v_uv + vec2(-1.0, 1.0) * texel).rgb;
    vec3 se = texture(scene, v_uv + vec2(1.0, 1.0) * texel).rgb;
    vec3 m = texture(scene, v_uv).rgb;
    float l_nw = luma(nw), l_ne = luma(ne), l_sw = luma(sw), l_se = luma(se), l_m = luma(m);
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
    vec3 two = 0.5 * (texture(scene, v_uv + dir * (1.0 / 3.0 - 0.5)).rgb
                      + texture(scene, v_uv + dir * (2.0 / 3.0 - 0.5)).rgb);
    vec3 four = 0.5 * two + 0.25 * (texture(scene, v_uv - dir * 0.5).rgb
                                    + texture(scene, v_uv + dir * 0.5).rgb);
    float l_four = luma(four);
    frag = vec4((l_four < lo || l_four > hi) ? two : four, 1.0);
}
