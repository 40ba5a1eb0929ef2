#version 150
// table.frag for printed pieces and cards (shading.printed): the same light and shadow, times the
// node's texture. Only they read a texture: on llvmpipe a lookup costs every pixel it is written
// in, even behind a branch that skips it (a lane mask, not a jump), so the plain shader has none.
uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];
in vec4 v_base;
in vec3 v_key;
in vec4 v_shadow;
in vec2 v_uv;
uniform sampler2D p3d_Texture0;
out vec4 frag;
void main() {
    float lit = textureProj(p3d_LightSource[0].shadowMap, v_shadow);
    vec4 printed = texture(p3d_Texture0, v_uv);
    frag = vec4((v_base.rgb + v_key * lit) * printed.rgb, v_base.a * printed.a);
}
