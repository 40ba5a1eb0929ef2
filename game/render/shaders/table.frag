#version 150
// See table.vert. The shadow map is read with the hardware's depth comparison and linear filter
// (a 2 x 2 percentage-closer filter in one lookup), so shadow edges are soft and cheap.
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
uniform float textured;           // 1 on printed pieces and cards (shading.print_on), else 0
out vec4 frag;
void main() {
    float lit = textureProj(p3d_LightSource[0].shadowMap, v_shadow);
    vec4 printed = textured > 0.5 ? texture(p3d_Texture0, v_uv) : vec4(1.0);
    frag = vec4((v_base.rgb + v_key * lit) * printed.rgb, v_base.a * printed.a);
}
